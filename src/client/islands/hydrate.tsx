// Loaded with an island's code: hydrates the island's server-rendered markup, and says when it is done.
import { useEffect, type ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { islandIdPrefix, type IslandName } from './names';

function Hydrated({ onDone, children }: { onDone: () => void; children: React.ReactNode }) {
  useEffect(onDone, [onDone]);
  return children;
}

/** Resolves once React has hydrated the island and its effects have run (it handles events from then on); rejects if it throws. */
export function hydrateIsland<P extends object>(
  element: HTMLElement,
  name: IslandName,
  Component: ComponentType<P>,
  props: P,
): Promise<void> {
  return new Promise((resolve, reject) => {
    hydrateRoot(
      element,
      <Hydrated onDone={resolve}>
        <Component {...props} />
      </Hydrated>,
      // An island that throws is unmounted by React: it fails (and the loader says so) rather
      // than swallow the clicks it holds.
      { identifierPrefix: islandIdPrefix(name), onUncaughtError: (error) => reject(error) },
    );
  });
}
