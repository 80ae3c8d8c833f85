// The admin's one way to give focus back when a dialog closes (ConfirmDialog uses it; screens call it
// for the dialogs they open from state). Radix dialogs opened without a Dialog.Trigger leave focus on <body>
// when they close: this puts it back on the opener, or on the main region when the opener is gone.
import { useEffect, useLayoutEffect, useRef } from 'react';

export function useReturnFocus(open: boolean): void {
  const opener = useRef<HTMLElement | null>(null);
  // On opening: layout effects run before the dialog's focus scope moves focus, so this is the opener.
  useLayoutEffect(() => {
    if (
      open &&
      !opener.current &&
      document.activeElement instanceof HTMLElement &&
      document.activeElement !== document.body
    ) {
      opener.current = document.activeElement;
    }
  }, [open]);
  // On closing: a passive effect runs after the focus scope has let go of focus.
  useEffect(() => {
    if (open) return;
    const target = opener.current;
    opener.current = null;
    if (!target) return;
    if (target.isConnected) target.focus();
    else document.querySelector<HTMLElement>('main[tabindex]')?.focus();
  }, [open]);
}
