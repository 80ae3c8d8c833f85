// The server side of an island: the component rendered to HTML on its own (so the browser can
// hydrate exactly that markup with the same props), inside a <studio-island> element that names it.
// Everything outside islands is static HTML and ships no JavaScript.
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { useIntl } from 'react-intl';
import { MessagesProvider } from '../page-kit/messages';
import { en } from '../../shared/messages/en';
import { packMessages, unpackMessages } from '../../shared/messages/island-words';
import { islandIdPrefix, type IslandName } from './names';

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements {
      'studio-island': React.DetailedHTMLProps<React.HTMLAttributes<HTMLElement>, HTMLElement> & {
        'data-island': string;
        'data-props': string;
        /** The page's language, when the island's words in it differ from its English. */
        'data-intl'?: string;
      };
    }
  }
}

interface IslandProps<P extends object> {
  name: IslandName;
  component: ComponentType<P>;
  /** Plain JSON: sent in the page and given to the component again when it hydrates. */
  props: P;
  /**
   * The message namespaces it reads ('themeMenu'), or single keys of one ('subscribeForm.titleApp'):
   * it renders inside a provider with these. When any says otherwise than its English, the element
   * names the page's language (data-intl), and the loader fetches the islands' words in it before it
   * hydrates (shared/messages/island-words.ts). An island without words takes none.
   */
  messages?: readonly string[];
}

export function Island<P extends object>({ name, component: Component, props, messages }: IslandProps<P>) {
  const intl = useIntl();
  const words = messages && packMessages(intl.messages as Record<string, string>, messages);
  // The island's chunk holds its English words: only where one differs does it need the language's.
  const english = messages && packMessages(en, messages);
  const differs =
    words &&
    Object.entries(words).some(([ns, texts]) =>
      Object.entries(texts).some(([key, text]) => english?.[ns]?.[key] !== text),
    );
  const html = renderToString(
    words ? (
      <MessagesProvider locale={intl.locale} messages={unpackMessages(words)}>
        <Component {...props} />
      </MessagesProvider>
    ) : (
      <Component {...props} />
    ),
    { identifierPrefix: islandIdPrefix(name) },
  );
  return (
    <studio-island
      data-island={name}
      data-props={JSON.stringify(props)}
      data-intl={differs ? intl.locale : undefined}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
