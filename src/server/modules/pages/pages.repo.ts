// The single-row page texts. Each table holds at most one row: reads take it, writes upsert it.
import { asc, eq, isNull } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type {
  AboutUs,
  AboutUsInputSchema,
  ContactInfo,
  ContactInfoInputSchema,
  HomeContent,
  HomeContentInputSchema,
  PrivacyPolicy,
  PrivacyPolicyInputSchema,
} from '../../../shared/schemas/site-content';
import type { RevisionKind } from '../../../shared/schemas/revisions';
import type { Db } from '../../db/client';
import { aboutUs, contactInfo, homeContent, privacyPolicy } from '../../db/schema';
import { staleVersion } from '../../lib/errors';
import { iso } from '../../lib/rows';
import { sanitizeRequired } from '../../lib/sanitize';
import type { Editor } from '../blogs/blogs.repo';
import { dropDraft } from '../drafts/drafts.repo';
import { recordRevision } from '../revisions/revisions.repo';

type SingletonTable = typeof contactInfo | typeof privacyPolicy | typeof homeContent | typeof aboutUs;
type VersionedTable = typeof privacyPolicy | typeof homeContent | typeof aboutUs;

/** A save of a page that keeps revisions (issue 12): who saves, and the version their edit started from. */
export interface PageSave extends Editor {
  version?: number;
}

/** The studio's own row: pages that may belong to an app (issue 13) have app_id null for the studio. */
const studioWide = (table: SingletonTable) => ('appId' in table ? isNull(table.appId) : undefined);

async function readRow<T extends SingletonTable>(db: Db, table: T): Promise<T['$inferSelect'] | undefined> {
  const rows = await db
    .select()
    .from(table as PgTable)
    .where(studioWide(table))
    .orderBy(asc(table.id))
    .limit(1);
  return rows[0] as T['$inferSelect'] | undefined;
}

async function writeRow<T extends SingletonTable>(
  db: Db,
  table: T,
  values: Omit<T['$inferInsert'], 'id'>,
): Promise<T['$inferSelect']> {
  return db.transaction(async (tx) => {
    const existing = await readRow(tx as unknown as Db, table);
    const rows = existing
      ? await tx
          .update(table)
          .set(values as never)
          .where(eq(table.id, existing.id))
          .returning()
      : await tx
          .insert(table)
          .values(values as never)
          .returning();
    return (rows as T['$inferSelect'][])[0]!;
  });
}

/**
 * Saves a page that keeps revisions: refused (409, with the page as it is now) when `save.version`
 * is older than the page's; raises the version, keeps a revision and drops the editor's autosaved
 * draft, all in one transaction.
 */
async function writeVersioned<T extends VersionedTable, R>(
  db: Db,
  table: T,
  kind: RevisionKind,
  values: Omit<T['$inferInsert'], 'id' | 'version'>,
  save: PageSave,
  map: (row: T['$inferSelect']) => R,
  revisionData: (row: T['$inferSelect']) => Record<string, unknown>,
  reason = 'save',
): Promise<R> {
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const [existing] = (await tx
      .select()
      .from(table as PgTable)
      .where(studioWide(table))
      .orderBy(asc(table.id))
      .limit(1)
      .for('update')) as T['$inferSelect'][];
    if (existing && save.version !== undefined && save.version !== existing.version) {
      throw staleVersion(map(existing));
    }
    const version = (existing?.version ?? 0) + 1;
    const rows = existing
      ? await tx
          .update(table)
          .set({ ...values, version } as never)
          .where(eq(table.id, existing.id))
          .returning()
      : await tx
          .insert(table)
          .values({ ...values, version } as never)
          .returning();
    const row = (rows as T['$inferSelect'][])[0]!;
    await recordRevision(tx, {
      kind,
      itemId: 0,
      version,
      data: revisionData(row),
      userId: save.userId,
      reason,
      at: row.updatedAt,
    });
    if (save.userId !== null) await dropDraft(tx, { kind, itemKey: 'main', userId: save.userId });
    return map(row);
  });
}

const toContact = (r: typeof contactInfo.$inferSelect): ContactInfo => ({ ...r, updatedAt: iso(r.updatedAt) });
// The studio's policy (SPEC's reply): an app's own columns (issue 14) are not part of it.
const toPrivacy = ({
  appId: _appId,
  usesStudioPolicy: _usesStudioPolicy,
  dataCollected: _dataCollected,
  ...r
}: typeof privacyPolicy.$inferSelect): PrivacyPolicy => ({
  ...r,
  lastUpdated: iso(r.lastUpdated),
  updatedAt: iso(r.updatedAt),
});
const toHome = (r: typeof homeContent.$inferSelect): HomeContent => ({ ...r, updatedAt: iso(r.updatedAt) });
const toAbout = ({ appId: _appId, ...r }: typeof aboutUs.$inferSelect): AboutUs => ({
  ...r,
  lastUpdated: iso(r.lastUpdated),
  updatedAt: iso(r.updatedAt),
});

const privacyData = (r: typeof privacyPolicy.$inferSelect) => ({ content: r.content, lastUpdated: iso(r.lastUpdated) });
const aboutData = (r: typeof aboutUs.$inferSelect) => ({ title: r.title, content: r.content });
const homeData = ({ id: _id, version: _version, updatedAt: _updatedAt, ...fields }: typeof homeContent.$inferSelect) =>
  fields;

const anonymous: PageSave = { userId: null };

export function pagesRepo(db: Db, now: () => Date) {
  return {
    async getContact(): Promise<ContactInfo | null> {
      const row = await readRow(db, contactInfo);
      return row ? toContact(row) : null;
    },
    async putContact(data: z.output<typeof ContactInfoInputSchema>): Promise<ContactInfo> {
      return toContact(await writeRow(db, contactInfo, { ...data, updatedAt: now() }));
    },

    async getPrivacy(): Promise<PrivacyPolicy | null> {
      const row = await readRow(db, privacyPolicy);
      return row ? toPrivacy(row) : null;
    },
    async putPrivacy(
      data: z.output<typeof PrivacyPolicyInputSchema>,
      save = anonymous,
      reason?: string,
    ): Promise<PrivacyPolicy> {
      const values = {
        content: sanitizeRequired(data.content, 1, 'Content is required'),
        lastUpdated: data.lastUpdated,
        updatedAt: now(),
      };
      return writeVersioned(db, privacyPolicy, 'privacy', values, save, toPrivacy, privacyData, reason);
    },

    async getHome(): Promise<HomeContent | null> {
      const row = await readRow(db, homeContent);
      return row ? toHome(row) : null;
    },
    async putHome(
      data: z.output<typeof HomeContentInputSchema>,
      save = anonymous,
      reason?: string,
    ): Promise<HomeContent> {
      const { version: _version, ...fields } = data;
      return writeVersioned(db, homeContent, 'home', { ...fields, updatedAt: now() }, save, toHome, homeData, reason);
    },

    async getAbout(): Promise<AboutUs | null> {
      const row = await readRow(db, aboutUs);
      return row ? toAbout(row) : null;
    },
    async putAbout(data: z.output<typeof AboutUsInputSchema>, save = anonymous, reason?: string): Promise<AboutUs> {
      const at = now();
      const values = {
        title: data.title,
        content: sanitizeRequired(data.content, 10, 'Content must be at least 10 characters'),
        lastUpdated: at,
        updatedAt: at,
      };
      return writeVersioned(db, aboutUs, 'about', values, save, toAbout, aboutData, reason);
    },
  };
}
export type PagesRepo = ReturnType<typeof pagesRepo>;
