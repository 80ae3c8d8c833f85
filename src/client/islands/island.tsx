// The server side of an island: the component rendered to HTML on its own (so the browser can
// hydrate exactly that markup with the same props), inside a <studio-island> element that names it.
// Everything outside islands is static HTML and ships no JavaScript.
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { useIntl } from 'react-intl';
import { MessagesProvider } from '../page-kit/messages';
import { en } from '../../shared/messages/en';
import { packMessages, unpackMessages, type IslandMessages } from './island-messages';
import { islandIdPrefix, type IslandName } from './names';

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements {
      'studio-island': React.DetailedHTMLProps<React.HTMLAttributes<HTMLElement>, HTMLElement> & {
        'data-island': string;
        'data-props': string;
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
   * only these are sent with it (data-intl), and it hydrates inside a provider with them. An island
   * without words takes none.
   */
  messages?: readonly string[];
}

/** The words of `words` that are not the same in `english`; undefined when none differ. */
function unlike(words: IslandMessages, english: IslandMessages): IslandMessages | undefined {
  let differ: IslandMessages | undefined;
  for (const [ns, texts] of Object.entries(words))
    for (const [key, text] of Object.entries(texts))
      if (english[ns]?.[key] !== text) ((differ ??= {})[ns] ??= {})[key] = text;
  return differ;
}

export function Island<P extends object>({ name, component: Component, props, messages }: IslandProps<P>) {
  const intl = useIntl();
  const words = messages && packMessages(intl.messages as Record<string, string>, messages);
  // The island's chunk holds its English words: a page sends only those that differ (none in English).
  const sent = words && unlike(words, packMessages(en, messages));
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
      data-intl={sent && JSON.stringify(sent)}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
