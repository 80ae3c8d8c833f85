// The single-row page texts. Each table holds at most one row: reads take it, writes upsert it.
import { asc, eq } from 'drizzle-orm';
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
import type { Db } from '../../db/client';
import { aboutUs, contactInfo, homeContent, privacyPolicy } from '../../db/schema';
import { iso } from '../../lib/rows';
import { sanitizeRequired } from '../../lib/sanitize';

type SingletonTable = typeof contactInfo | typeof privacyPolicy | typeof homeContent | typeof aboutUs;

async function readRow<T extends SingletonTable>(db: Db, table: T): Promise<T['$inferSelect'] | undefined> {
  const rows = await db
    .select()
    .from(table as PgTable)
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

const toContact = (r: typeof contactInfo.$inferSelect): ContactInfo => ({ ...r, updatedAt: iso(r.updatedAt) });
const toPrivacy = (r: typeof privacyPolicy.$inferSelect): PrivacyPolicy => ({
  ...r,
  lastUpdated: iso(r.lastUpdated),
  updatedAt: iso(r.updatedAt),
});
const toHome = (r: typeof homeContent.$inferSelect): HomeContent => ({ ...r, updatedAt: iso(r.updatedAt) });
const toAbout = (r: typeof aboutUs.$inferSelect): AboutUs => ({
  ...r,
  lastUpdated: iso(r.lastUpdated),
  updatedAt: iso(r.updatedAt),
});

export function pagesRepo(db: Db) {
  return {
    async getContact(): Promise<ContactInfo | null> {
      const row = await readRow(db, contactInfo);
      return row ? toContact(row) : null;
    },
    async putContact(data: z.output<typeof ContactInfoInputSchema>): Promise<ContactInfo> {
      return toContact(await writeRow(db, contactInfo, { ...data, updatedAt: new Date() }));
    },

    async getPrivacy(): Promise<PrivacyPolicy | null> {
      const row = await readRow(db, privacyPolicy);
      return row ? toPrivacy(row) : null;
    },
    async putPrivacy(data: z.output<typeof PrivacyPolicyInputSchema>): Promise<PrivacyPolicy> {
      const values = {
        content: sanitizeRequired(data.content, 1, 'Content is required'),
        lastUpdated: data.lastUpdated,
        updatedAt: new Date(),
      };
      return toPrivacy(await writeRow(db, privacyPolicy, values));
    },

    async getHome(): Promise<HomeContent | null> {
      const row = await readRow(db, homeContent);
      return row ? toHome(row) : null;
    },
    async putHome(data: z.output<typeof HomeContentInputSchema>): Promise<HomeContent> {
      return toHome(await writeRow(db, homeContent, { ...data, updatedAt: new Date() }));
    },

    async getAbout(): Promise<AboutUs | null> {
      const row = await readRow(db, aboutUs);
      return row ? toAbout(row) : null;
    },
    async putAbout(data: z.output<typeof AboutUsInputSchema>): Promise<AboutUs> {
      const now = new Date();
      const values = {
        title: data.title,
        content: sanitizeRequired(data.content, 10, 'Content must be at least 10 characters'),
        lastUpdated: now,
        updatedAt: now,
      };
      return toAbout(await writeRow(db, aboutUs, values));
    },
  };
}
export type PagesRepo = ReturnType<typeof pagesRepo>;
