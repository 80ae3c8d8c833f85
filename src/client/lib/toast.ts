// The one toast API: toast({ title, description, variant, duration }). SPEC §9's constants:
// one at a time, 5000 ms by default, removed from memory 1,000,000 ms after dismissal.
import { useSyncExternalStore, type ReactNode } from 'react';

export const TOAST_LIMIT = 1;
export const TOAST_DURATION = 5000;
/** A dismissed toast stays in memory this long (as the original). */
export const TOAST_REMOVE_DELAY = 1_000_000;

export interface ToastInput {
  title?: ReactNode;
  description?: ReactNode;
  variant?: 'default' | 'destructive';
  duration?: number;
}

export interface ToastItem extends ToastInput {
  id: number;
  open: boolean;
}

let items: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const removeTimers = new Map<number, ReturnType<typeof setTimeout>>();

function emit(next: ToastItem[]) {
  items = next;
  for (const l of listeners) l();
}

export function dismiss(id: number) {
  emit(items.map((t) => (t.id === id ? { ...t, open: false } : t)));
  if (removeTimers.has(id)) return;
  removeTimers.set(
    id,
    setTimeout(() => {
      removeTimers.delete(id);
      emit(items.filter((t) => t.id !== id));
    }, TOAST_REMOVE_DELAY),
  );
}

export function toast(input: ToastInput): { id: number; dismiss: () => void } {
  const id = nextId++;
  emit([{ ...input, id, open: true }, ...items].slice(0, TOAST_LIMIT));
  return { id, dismiss: () => dismiss(id) };
}

export function useToasts(): ToastItem[] {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => items,
    () => items,
  );
}
