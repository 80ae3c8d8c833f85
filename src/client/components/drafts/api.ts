// Autosaved drafts on the server (issue 12): one per editor, item and staff member.
import { api } from '../../../shared/paths';
import type { Draft, DraftKind } from '../../../shared/schemas/drafts';
import { http } from '../../lib/http';

export interface DraftRef {
  kind: DraftKind;
  /** The post's id, 'new' for a post not yet created, 'main' for the single-row pages. */
  itemKey: string;
}

/** The signed-in staff member's autosaved draft of an item, or null when there is none. */
export async function fetchDraft(ref: DraftRef): Promise<Draft | null> {
  return (await http.get<Draft | null>(api.draft(ref.kind, ref.itemKey))) ?? null;
}

export const saveDraft = (ref: DraftRef, data: Record<string, unknown>, baseVersion: number) =>
  http.put<Draft>(api.draft(ref.kind, ref.itemKey), { data, baseVersion });

export const deleteDraft = (ref: DraftRef) => http.delete<{ success: true }>(api.draft(ref.kind, ref.itemKey));

/** The copy kept on this device (the browser's storage) while the server cannot be reached. */
export interface LocalDraft {
  data: Record<string, unknown>;
  baseVersion: number;
  savedAt: string;
}

const localKey = (ref: DraftRef) => `draft:${ref.kind}:${ref.itemKey}`;

export const localDrafts = {
  read(ref: DraftRef): LocalDraft | null {
    try {
      const raw = window.localStorage.getItem(localKey(ref));
      return raw ? (JSON.parse(raw) as LocalDraft) : null;
    } catch {
      return null;
    }
  },
  write(ref: DraftRef, draft: LocalDraft): void {
    try {
      window.localStorage.setItem(localKey(ref), JSON.stringify(draft));
    } catch {
      // storage full or refused: the server copy still holds the work
    }
  },
  clear(ref: DraftRef): void {
    try {
      window.localStorage.removeItem(localKey(ref));
    } catch {
      // nothing to clear
    }
  },
};
