// The server side of an island: the component rendered to HTML on its own (so the browser can
// hydrate exactly that markup with the same props), inside a <studio-island> element that names it.
// Everything outside islands is static HTML and ships no JavaScript.
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { islandIdPrefix, type IslandName } from './names';

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements {
      'studio-island': React.DetailedHTMLProps<React.HTMLAttributes<HTMLElement>, HTMLElement> & {
        'data-island': string;
        'data-props': string;
        'data-hydrate'?: 'interaction' | 'visible';
      };
    }
  }
}

interface IslandProps<P extends object> {
  name: IslandName;
  component: ComponentType<P>;
  /** Plain JSON: sent in the page and given to the component again when it hydrates. */
  props: P;
  /** When its code loads: on the visitor's first interaction (default), or once it is on screen. */
  hydrate?: 'interaction' | 'visible';
}

export function Island<P extends object>({ name, component: Component, props, hydrate }: IslandProps<P>) {
  const html = renderToString(<Component {...props} />, { identifierPrefix: islandIdPrefix(name) });
  return (
    <studio-island
      data-island={name}
      data-props={JSON.stringify(props)}
      data-hydrate={hydrate}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
