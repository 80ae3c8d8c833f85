// Autosaved, unsaved work (issue 12): one per editor, item and staff member, never public.
import { and, eq, inArray } from 'drizzle-orm';
import type { Draft, DraftKind } from '../../../shared/schemas/drafts';
import type { Db } from '../../db/client';
import { drafts } from '../../db/schema';
import { iso } from '../../lib/rows';

export interface DraftKey {
  kind: DraftKind;
  itemKey: string;
  userId: number;
}

const where = (key: DraftKey) =>
  and(eq(drafts.kind, key.kind), eq(drafts.itemKey, key.itemKey), eq(drafts.userId, key.userId));

/** Drops a staff member's draft of an item: its save made it part of the item (or a revision). */
export async function dropDraft(tx: Db, key: DraftKey): Promise<void> {
  await tx.delete(drafts).where(where(key));
}

/** Drops every staff member's drafts of items that are gone (deleted posts). */
export async function dropItemDrafts(tx: Db, kind: DraftKind, itemKeys: string[]): Promise<void> {
  if (itemKeys.length) await tx.delete(drafts).where(and(eq(drafts.kind, kind), inArray(drafts.itemKey, itemKeys)));
}

export function draftsRepo(db: Db) {
  return {
    async get(key: DraftKey): Promise<Draft | undefined> {
      const [row] = await db.select().from(drafts).where(where(key));
      return (
        row && { data: row.data as Record<string, unknown>, baseVersion: row.baseVersion, savedAt: iso(row.updatedAt) }
      );
    },

    async put(key: DraftKey, data: Record<string, unknown>, baseVersion: number, at: Date): Promise<Draft> {
      await db
        .insert(drafts)
        .values({ ...key, data, baseVersion, updatedAt: at })
        .onConflictDoUpdate({
          target: [drafts.kind, drafts.itemKey, drafts.userId],
          set: { data, baseVersion, updatedAt: at },
        });
      return { data, baseVersion, savedAt: at.toISOString() };
    },

    remove: (key: DraftKey) => dropDraft(db, key),
  };
}

export type DraftsRepo = ReturnType<typeof draftsRepo>;
