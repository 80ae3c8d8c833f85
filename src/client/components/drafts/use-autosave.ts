// Autosave (issue 12): a few seconds after the last change, an editor's values go to the server as
// the staff member's draft of the item (never applied, never public). Every change is also kept on
// this device at once, so a crash, a reload or a lost connection loses nothing. A draft made from an
// older version than the item's is refused by the server: the editor then shows both versions.
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../lib/http';
import { deleteDraft, fetchDraft, localDrafts, saveDraft, type DraftRef, type LocalDraft } from './api';

/** How long after the last change the draft goes to the server. */
export const AUTOSAVE_DELAY_MS = 3_000;

export type AutosaveState =
  | { status: 'idle' }
  | { status: 'saving' }
  | { status: 'saved'; at: string }
  /** The server could not be reached: the changes are kept on this device, and sent when it can be. */
  | { status: 'offline'; at: string }
  /** Someone saved the item since this edit started: `current` is the item now. */
  | { status: 'conflict'; current: unknown }
  | { status: 'failed'; at: string };

const unreachable = (error: unknown) =>
  !(error instanceof ApiError) || error.status === 503 || error.status === 502 || error.status === 504;

export function useAutosave({
  draft,
  values,
  dirty,
  baseVersion,
  enabled = true,
  delayMs = AUTOSAVE_DELAY_MS,
}: {
  draft: DraftRef;
  values: Record<string, unknown>;
  /** Whether the values differ from the saved item (nothing to keep when they do not). */
  dirty: boolean;
  /** The item's version the edit started from (0 for a new item). */
  baseVersion: number;
  enabled?: boolean;
  delayMs?: number;
}) {
  const [state, setState] = useState<AutosaveState>({ status: 'idle' });
  const serialized = JSON.stringify(values);
  const latest = useRef({ draft, serialized, baseVersion });
  useEffect(() => {
    latest.current = { draft, serialized, baseVersion };
  });
  const wasDirty = useRef(false);
  // Raised when the item is saved or the edit discarded: an autosave still on its way then answers for nothing.
  const generation = useRef(0);
  const { kind, itemKey } = draft;

  const send = useCallback(async () => {
    const { draft: ref, serialized: body, baseVersion: base } = latest.current;
    const started = generation.current;
    setState({ status: 'saving' });
    try {
      const saved = await saveDraft(ref, JSON.parse(body) as Record<string, unknown>, base);
      // Only the newest values count as saved: a change made while this was on its way is sent next.
      if (generation.current === started && latest.current.serialized === body) {
        setState({ status: 'saved', at: saved.savedAt });
      }
    } catch (error) {
      if (generation.current !== started) return;
      const at = new Date().toISOString();
      if (error instanceof ApiError && error.status === 409) {
        setState({ status: 'conflict', current: error.body?.current });
      } else setState(unreachable(error) ? { status: 'offline', at } : { status: 'failed', at });
    }
  }, []);

  // Each change: kept on this device now, sent to the server after a pause.
  useEffect(() => {
    if (!enabled) return;
    if (!dirty) {
      // Saved (the server dropped its draft) or changed back: nothing is left to keep.
      if (wasDirty.current) {
        wasDirty.current = false;
        localDrafts.clear({ kind, itemKey });
        setState({ status: 'idle' });
      }
      return;
    }
    wasDirty.current = true;
    const local: LocalDraft = {
      data: JSON.parse(serialized) as Record<string, unknown>,
      baseVersion,
      savedAt: new Date().toISOString(),
    };
    localDrafts.write({ kind, itemKey }, local);
    const timer = setTimeout(() => void send(), delayMs);
    return () => clearTimeout(timer);
  }, [enabled, dirty, serialized, baseVersion, kind, itemKey, delayMs, send]);

  // Back online: what waited on this device goes to the server.
  useEffect(() => {
    if (state.status !== 'offline') return;
    const retry = () => void send();
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [state.status, send]);

  /** Drops the kept copies (after the user discarded the changes). */
  const forget = useCallback(async () => {
    generation.current++;
    localDrafts.clear({ kind, itemKey });
    setState({ status: 'idle' });
    await deleteDraft({ kind, itemKey }).catch(() => undefined);
  }, [kind, itemKey]);

  /** The item was saved (the server dropped its draft): the copy on this device goes, and any autosave on its way is moot. */
  const saved = useCallback(() => {
    generation.current++;
    wasDirty.current = false;
    localDrafts.clear({ kind, itemKey });
    setState({ status: 'idle' });
  }, [kind, itemKey]);

  return { state, forget, saved };
}

/** A kept draft of an item, from the server or this device, newest first; null when none differs from the item. */
export interface KeptDraft extends LocalDraft {
  where: 'server' | 'device';
}

/**
 * On opening an editor: the newest autosaved draft of the item (the server's or this device's) whose
 * values differ from what the editor starts with, offered back to the user.
 */
export function useKeptDraft(draft: DraftRef, startValues: Record<string, unknown>, enabled = true) {
  const [kept, setKept] = useState<KeptDraft | null>(null);
  const start = JSON.stringify(startValues);
  const { kind, itemKey } = draft;
  useEffect(() => {
    if (!enabled) return;
    let cancelled = false;
    const local = localDrafts.read({ kind, itemKey });
    void fetchDraft({ kind, itemKey })
      .catch(() => null)
      .then((server) => {
        if (cancelled) return;
        const candidates: KeptDraft[] = [
          ...(server ? [{ ...server, where: 'server' as const }] : []),
          ...(local ? [{ ...local, where: 'device' as const }] : []),
        ].sort((a, b) => b.savedAt.localeCompare(a.savedAt));
        const newest = candidates[0];
        // Values equal to the editor's own are nothing to offer.
        setKept(newest && JSON.stringify({ ...JSON.parse(start), ...newest.data }) !== start ? newest : null);
      });
    return () => {
      cancelled = true;
    };
    // Looked for once per editor and item: later edits are the user's own.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [enabled, kind, itemKey]);
  return { kept, dismiss: () => setKept(null) };
}
