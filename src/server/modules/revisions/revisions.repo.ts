// Revisions: a copy of an item's fields at each save, the last REVISIONS_KEPT per item (and per
// language of an item's translation: kind 'translation', keyed by the translation's type, item and locale).
import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import {
  REVISIONS_KEPT,
  type Revision,
  type RevisionKind,
  type RevisionSummary,
  type RevisionTranslation,
} from '../../../shared/schemas/revisions';
import type { Db } from '../../db/client';
import { revisions, users } from '../../db/schema';
import { iso } from '../../lib/rows';

export interface NewRevision {
  kind: RevisionKind;
  /** The post's id; 0 for the single-row pages. */
  itemId: number;
  version: number;
  data: Record<string, unknown>;
  userId: number | null;
  reason: string;
  at: Date;
  /** A translation's revision (kind 'translation'): which item and language. */
  translation?: RevisionTranslation;
}

/** One item's revisions: a translation's by its key, the others' by kind and id. */
const itemScope = (kind: RevisionKind, itemId: number, translation?: RevisionTranslation) =>
  kind === 'translation' && translation
    ? and(
        eq(revisions.kind, kind),
        eq(revisions.translationType, translation.type),
        eq(revisions.translationItem, translation.item),
        eq(revisions.translationLocale, translation.locale),
      )
    : and(eq(revisions.kind, kind), eq(revisions.itemId, itemId));

/** Keeps a revision; called inside the save's transaction, so a save and its revision land together. */
export async function recordRevision(tx: Db, revision: NewRevision): Promise<void> {
  const { at, translation, ...values } = revision;
  await tx.insert(revisions).values({
    ...values,
    translationType: translation?.type ?? null,
    translationItem: translation?.item ?? null,
    translationLocale: translation?.locale ?? null,
    createdAt: at,
  });
  // Only the newest REVISIONS_KEPT stay.
  const scope = itemScope(revision.kind, revision.itemId, translation);
  const [oldestKept] = await tx
    .select({ id: revisions.id })
    .from(revisions)
    .where(scope)
    .orderBy(desc(revisions.id))
    .offset(REVISIONS_KEPT - 1)
    .limit(1);
  if (oldestKept) {
    await tx.delete(revisions).where(and(scope, lt(revisions.id, oldestKept.id)));
  }
}

export async function dropRevisions(tx: Db, kind: RevisionKind, itemIds: number[]): Promise<void> {
  if (itemIds.length)
    await tx.delete(revisions).where(and(eq(revisions.kind, kind), inArray(revisions.itemId, itemIds)));
}

const columns = {
  id: revisions.id,
  kind: revisions.kind,
  itemId: revisions.itemId,
  version: revisions.version,
  reason: revisions.reason,
  createdAt: revisions.createdAt,
  author: users.username,
};

export function revisionsRepo(db: Db) {
  return {
    /** An item's revisions, newest first. */
    async list(kind: RevisionKind, itemId: number, translation?: RevisionTranslation): Promise<RevisionSummary[]> {
      const rows = await db
        .select(columns)
        .from(revisions)
        .leftJoin(users, eq(users.id, revisions.userId))
        .where(itemScope(kind, itemId, translation))
        .orderBy(desc(revisions.id));
      return rows.map(({ kind: _kind, itemId: _itemId, ...r }) => ({ ...r, createdAt: iso(r.createdAt) }));
    },

    async get(id: number): Promise<Revision | undefined> {
      const [row] = await db
        .select({
          ...columns,
          data: revisions.data,
          translationType: revisions.translationType,
          translationItem: revisions.translationItem,
          translationLocale: revisions.translationLocale,
        })
        .from(revisions)
        .leftJoin(users, eq(users.id, revisions.userId))
        .where(eq(revisions.id, id));
      if (!row) return undefined;
      const { translationType: type, translationItem: item, translationLocale: locale, ...rest } = row;
      return {
        ...rest,
        translation: type !== null && item !== null && locale !== null ? { type, item, locale } : null,
        kind: row.kind as RevisionKind,
        data: row.data as Record<string, unknown>,
        createdAt: iso(row.createdAt),
      };
    },

    async count(kind: RevisionKind, itemId: number, translation?: RevisionTranslation): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(revisions)
        .where(itemScope(kind, itemId, translation));
      return row?.n ?? 0;
    },
  };
}
export type RevisionsRepo = ReturnType<typeof revisionsRepo>;
