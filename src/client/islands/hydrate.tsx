// Loaded with an island's code: hydrates the island's server-rendered markup, and says when it is done.
import { useEffect, type ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { islandIdPrefix, type IslandName } from './names';

function Hydrated({ onDone, children }: { onDone: () => void; children: React.ReactNode }) {
  useEffect(onDone, [onDone]);
  return children;
}

/** Resolves once React has hydrated the island and its effects have run (it handles events from then on). */
export function hydrateIsland<P extends object>(
  element: HTMLElement,
  name: IslandName,
  Component: ComponentType<P>,
  props: P,
): Promise<void> {
  return new Promise((resolve) => {
    hydrateRoot(
      element,
      <Hydrated onDone={resolve}>
        <Component {...props} />
      </Hydrated>,
      { identifierPrefix: islandIdPrefix(name) },
    );
  });
}
