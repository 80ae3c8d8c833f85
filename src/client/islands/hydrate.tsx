// Loaded with an island's code: hydrates the island's server-rendered markup, and says when it is done.
// Each island sits in an error boundary: if it throws later on, it becomes its server-rendered HTML
// again (the contact form then posts to /contact the plain way, links are links) instead of a blank.
import { useEffect, useLayoutEffect, useState, type ComponentType, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { ErrorBoundary } from '../components/error-boundary';
import { MessagesProvider } from '../page-kit/messages';
import { unpackMessages, type IslandMessages } from '../../shared/messages/island-words';
import { islandIdPrefix, type IslandName } from './names';

function Hydrated({ onDone, children }: { onDone: () => void; children: ReactNode }) {
  useEffect(onDone, [onDone]);
  return children;
}

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
const FIELDS = 'input[name], textarea[name], select[name]';

/** What the visitor has typed into the island's fields, by name. */
function typedValues(element: HTMLElement): Map<string, string> {
  const values = new Map<string, string>();
  for (const field of element.querySelectorAll<Field>(FIELDS)) {
    if (field.type !== 'checkbox' && field.type !== 'radio' && field.type !== 'file')
      values.set(field.name, field.value);
  }
  return values;
}

/**
 * The island's server HTML, shown once it has failed: plain HTML again, as without JavaScript.
 * What the visitor typed is kept (read while the failed markup is still in the page).
 */
function ServerRendered({
  element,
  html,
  error,
  onShown,
}: {
  element: HTMLElement;
  html: string;
  error: Error;
  onShown: (error: Error) => void;
}) {
  const [typed] = useState(() => typedValues(element));
  useLayoutEffect(() => {
    for (const field of element.querySelectorAll<Field>(FIELDS)) {
      const value = typed.get(field.name);
      if (value !== undefined) field.value = value;
    }
    onShown(error);
  }, [element, typed, error, onShown]);
  // A wrapper with no box of its own, as the island element itself.
  return <div style={{ display: 'contents' }} dangerouslySetInnerHTML={{ __html: html }} />;
}

/**
 * Resolves once React has hydrated the island and its effects have run (it handles events from then
 * on); rejects if it throws before that.
 */
export function hydrateIsland<P extends object>(
  element: HTMLElement,
  name: IslandName,
  Component: ComponentType<P>,
  props: P,
  /** Its words in English. */
  english?: Record<string, string>,
  /** The islands' words in the page's language, where they differ (fetched for data-intl: loader.ts). */
  words?: IslandMessages,
): Promise<void> {
  const html = element.innerHTML;
  // Its words as the server rendered it with them (island.tsx): the language's over its English.
  const intl = english || words ? { ...english, ...(words && unpackMessages(words)) } : undefined;
  const island = <Component {...props} />;
  return new Promise((resolve, reject) => {
    let hydrated = false;
    const onDone = () => {
      hydrated = true;
      resolve();
    };
    // Thrown while hydrating: the loader hears of it; later on: the element says so.
    const onFailed = (error: Error) => {
      element.setAttribute('data-hydrated', 'failed');
      if (!hydrated) reject(error);
    };
    hydrateRoot(
      element,
      <ErrorBoundary
        fallback={(_retry, error) => <ServerRendered element={element} html={html} error={error} onShown={onFailed} />}
      >
        <Hydrated onDone={onDone}>
          {intl ? (
            <MessagesProvider locale={document.documentElement.lang || 'en'} messages={intl}>
              {island}
            </MessagesProvider>
          ) : (
            island
          )}
        </Hydrated>
      </ErrorBoundary>,
      // Anything the boundary cannot catch unmounts the island: it fails (and the loader says so)
      // rather than swallow the clicks it holds.
      { identifierPrefix: islandIdPrefix(name), onUncaughtError: (error) => reject(error) },
    );
  });
}
