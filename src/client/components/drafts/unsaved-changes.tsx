// Nothing is lost (issue 12): an editor with unsaved changes asks before anything discards them:
// a link or Back inside the admin (held by the router), a reload or closing the tab (the browser's
// own prompt), or closing its dialog (DiscardChangesDialog).
import { useEffect, useState } from 'react';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from '../ui/dialog';

export const DISCARD_TITLE = 'Discard unsaved changes?';

export function DiscardChangesDialog({
  open,
  onKeepEditing,
  onDiscard,
  description = 'Your changes have not been saved. Leave and lose them?',
}: {
  open: boolean;
  onKeepEditing: () => void;
  onDiscard: () => void;
  description?: string;
}) {
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => !next && onKeepEditing()}
      title={DISCARD_TITLE}
      description={description}
      confirmLabel="Discard changes"
      cancelLabel="Keep editing"
      onConfirm={onDiscard}
    />
  );
}

/** The browser's own "leave site?" prompt while `dirty` (reload, closing the tab, typing an address). */
export function useBeforeUnload(dirty: boolean): void {
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
}

/** The editor's language (`?lang=`, issue 24): switching it shows another text, so it is leaving too. */
const langOf = (search: string) => new URLSearchParams(search).get('lang') ?? '';

/** Whether going from one address to the other leaves the editor: another screen, or another language of it. */
export const leaves = (from: { pathname: string; search: string }, to: { pathname: string; search: string }) =>
  from.pathname !== to.pathname || langOf(from.search) !== langOf(to.search);

/**
 * While `dirty`, navigation away from the screen is held and the user is asked; a reload or
 * closing the tab gets the browser's prompt. Render what it returns.
 */
export function UnsavedChangesGuard({ dirty, description }: { dirty: boolean; description?: string }) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && leaves(currentLocation, nextLocation));
  useBeforeUnload(dirty);
  return (
    <DiscardChangesDialog
      open={blocker.state === 'blocked'}
      description={description}
      onKeepEditing={() => blocker.reset?.()}
      onDiscard={() => blocker.proceed?.()}
    />
  );
}

/**
 * A dialog holding a form: closing it (Escape, the close button, Cancel, the backdrop) while the
 * form has changes asks first. Give the form `setDirty`, the dialog `requestClose`, and render `confirm`.
 */
export function useGuardedClose(close: () => void) {
  const [dirty, setDirty] = useState(false);
  const [asking, setAsking] = useState(false);
  const requestClose = () => (dirty ? setAsking(true) : close());
  const confirm = (
    <DiscardChangesDialog
      open={asking}
      onKeepEditing={() => setAsking(false)}
      onDiscard={() => {
        setAsking(false);
        setDirty(false);
        close();
      }}
    />
  );
  return { setDirty, requestClose, confirm };
}
