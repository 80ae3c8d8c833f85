// An app's deletion and support texts (issue 14): one app_pages row per app, absent until first
// saved (it then reads as the defaults: no account deletion, 30 days, no support texts).
import { eq } from 'drizzle-orm';
import {
  DELETION_DAYS_DEFAULT,
  type AppPages,
  type AppPagesData,
  type FaqItem,
} from '../../../shared/schemas/app-pages';
import type { Db } from '../../db/client';
import { appPages } from '../../db/schema';
import { staleVersion } from '../../lib/errors';
import { iso } from '../../lib/rows';
import { sanitizeRichText } from '../../lib/sanitize';

type Row = typeof appPages.$inferSelect;

const toPages = (row: Row): AppPages => ({
  appId: row.appId,
  accountDeletion: row.accountDeletion,
  deletionDeleted: row.deletionDeleted,
  deletionKept: row.deletionKept,
  deletionDays: row.deletionDays,
  supportEmail: row.supportEmail,
  supportIntro: row.supportIntro,
  faq: row.faq as FaqItem[],
  version: row.version,
  updatedAt: iso(row.updatedAt),
});

/** What an app without a row reads as (version 0: never saved). */
export const defaultPages = (appId: number): AppPages => ({
  appId,
  accountDeletion: false,
  deletionDeleted: '',
  deletionKept: '',
  deletionDays: DELETION_DAYS_DEFAULT,
  supportEmail: null,
  supportIntro: '',
  faq: [],
  version: 0,
  updatedAt: null,
});

export function appPagesRepo(db: Db, now: () => Date) {
  return {
    async get(appId: number): Promise<AppPages> {
      const [row] = await db.select().from(appPages).where(eq(appPages.appId, appId));
      return row ? toPages(row) : defaultPages(appId);
    },

    /** Every saved row's account-deletion switch and date, by app (for the sitemap). */
    async savedByApp(): Promise<Map<number, { accountDeletion: boolean; updatedAt: string }>> {
      const rows = await db
        .select({ appId: appPages.appId, accountDeletion: appPages.accountDeletion, updatedAt: appPages.updatedAt })
        .from(appPages);
      return new Map(rows.map((r) => [r.appId, { accountDeletion: r.accountDeletion, updatedAt: iso(r.updatedAt) }]));
    },

    /**
     * Writes the app's texts (rich text sanitised). Refused (409, with the row as it is now) when
     * `version` names an older version than the saved one.
     */
    async put(appId: number, data: AppPagesData, version: number | undefined): Promise<AppPages> {
      return db.transaction(async (tx) => {
        const [existing] = await tx.select().from(appPages).where(eq(appPages.appId, appId)).for('update');
        const current = existing ? toPages(existing) : defaultPages(appId);
        if (version !== undefined && version !== current.version) throw staleVersion(current);
        const values = {
          accountDeletion: data.accountDeletion,
          deletionDeleted: sanitizeRichText(data.deletionDeleted),
          deletionKept: sanitizeRichText(data.deletionKept),
          deletionDays: data.deletionDays,
          supportEmail: data.supportEmail,
          supportIntro: sanitizeRichText(data.supportIntro),
          faq: data.faq,
          version: current.version + 1,
          updatedAt: now(),
        };
        if (existing) {
          const [row] = await tx.update(appPages).set(values).where(eq(appPages.appId, appId)).returning();
          return toPages(row!);
        }
        // Two first saves at once: the primary key lets one in; the other is a conflict.
        const [row] = await tx
          .insert(appPages)
          .values({ appId, ...values })
          .onConflictDoNothing()
          .returning();
        if (!row) {
          const [now] = await tx.select().from(appPages).where(eq(appPages.appId, appId));
          throw staleVersion(now ? toPages(now) : defaultPages(appId));
        }
        return toPages(row);
      });
    },
  };
}
export type AppPagesRepo = ReturnType<typeof appPagesRepo>;
