// An app's own privacy policy (issue 14): the privacy_policy row with its app_id, and the dated
// versions in privacy_policy_versions (one per day: a second save the same day replaces it).
import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import {
  dayOf,
  PRIVACY_MESSAGES,
  readStoredData,
  withAppName,
  type AppPageLinks,
  type AppPrivacyAdmin,
  type AppPrivacyInputSchema,
  type AppPrivacyPolicy,
  type AppPrivacyVersion,
  type AppPrivacyVersionSummary,
  type StoredData,
} from '../../../shared/schemas/app-privacy';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { appPages, privacyPolicy, privacyPolicyVersions } from '../../db/schema';
import { invalid, staleVersion } from '../../lib/errors';
import { iso } from '../../lib/rows';
import { sanitizeRequired, sanitizeRichText } from '../../lib/sanitize';

type PolicyRow = typeof privacyPolicy.$inferSelect;

export interface PrivacySave {
  userId: number | null;
  /** The version the edit started from (If-Match or the body's `version`). */
  version?: number;
}

/** The app as the policy names it. */
export interface PolicyApp {
  id: number;
  title: string;
}

const later = (a: Date | null, b: Date | null) => (a && b ? (a > b ? a : b) : (a ?? b));

export function appPrivacyRepo(db: Db, now: () => Date = () => new Date()) {
  const studioRow = async (tx: Db = db) => {
    const [row] = await tx.select().from(privacyPolicy).where(isNull(privacyPolicy.appId)).limit(1);
    return row;
  };
  const appRow = async (appId: number) => {
    const [row] = await db.select().from(privacyPolicy).where(eq(privacyPolicy.appId, appId));
    return row;
  };
  /** The HTML shown for an app's row: its own text, or the studio's with the app's name put in. */
  const shown = (row: Pick<PolicyRow, 'usesStudioPolicy' | 'content'>, app: PolicyApp, studio?: PolicyRow) =>
    row.usesStudioPolicy ? withAppName(studio?.content ?? '', app.title) : row.content;
  const tableOf = (data: StoredData) => ({ dataCollected: data.rows, noDataCollected: data.noDataCollected });
  const adminOf = (row: PolicyRow, app: PolicyApp, studio?: PolicyRow): AppPrivacyAdmin => ({
    appId: app.id,
    usesStudioPolicy: row.usesStudioPolicy,
    content: shown(row, app, studio),
    ownContent: row.content,
    ...tableOf(readStoredData(row.dataCollected)),
    lastUpdated: iso(row.lastUpdated),
    version: row.version,
    updatedAt: iso(row.updatedAt),
  });

  return {
    /** What the app's page shows now; null when the app has no policy of its own. */
    async current(app: PolicyApp): Promise<AppPrivacyPolicy | null> {
      const row = await appRow(app.id);
      if (!row) return null;
      const studio = row.usesStudioPolicy ? await studioRow() : undefined;
      const [latest] = await db
        .select({ effectiveOn: privacyPolicyVersions.effectiveOn })
        .from(privacyPolicyVersions)
        .where(eq(privacyPolicyVersions.appId, app.id))
        .orderBy(desc(privacyPolicyVersions.effectiveOn))
        .limit(1);
      const lastUpdated = later(row.lastUpdated, studio?.lastUpdated ?? null) ?? row.updatedAt;
      return {
        appId: app.id,
        usesStudioPolicy: row.usesStudioPolicy,
        content: shown(row, app, studio),
        ...tableOf(readStoredData(row.dataCollected)),
        lastUpdated: lastUpdated.toISOString(),
        effectiveOn: latest?.effectiveOn ?? dayOf(row.updatedAt),
        version: row.version,
      };
    },

    /** The row as staff edit it; null when never written. */
    async forAdmin(app: PolicyApp): Promise<AppPrivacyAdmin | null> {
      const row = await appRow(app.id);
      if (!row) return null;
      return adminOf(row, app, row.usesStudioPolicy ? await studioRow() : undefined);
    },

    /**
     * Saves the app's policy and today's version (by the app's clock) in one transaction: refused
     * (409, with the policy as it is now) when `save.version` is older than the row's.
     */
    async put(
      app: PolicyApp,
      input: z.output<typeof AppPrivacyInputSchema>,
      save: PrivacySave,
    ): Promise<AppPrivacyAdmin> {
      const at = now();
      const content = input.usesStudioPolicy
        ? input.content
          ? sanitizeRichText(input.content)
          : ''
        : sanitizeRequired(input.content, 1, PRIVACY_MESSAGES.content);
      const stored: StoredData = { rows: input.dataCollected, noDataCollected: input.noDataCollected };
      const saved = await db.transaction(async (txn) => {
        const tx = txn as unknown as Db;
        const [existing] = await tx.select().from(privacyPolicy).where(eq(privacyPolicy.appId, app.id)).for('update');
        const studio = await studioRow(tx);
        if (input.usesStudioPolicy && !studio) {
          throw invalid(PRIVACY_MESSAGES.noStudioPolicy, [
            { path: 'usesStudioPolicy', message: PRIVACY_MESSAGES.noStudioPolicy },
          ]);
        }
        if (existing && save.version !== undefined && save.version !== existing.version) {
          throw staleVersion(adminOf(existing, app, studio));
        }
        const values = {
          content,
          usesStudioPolicy: input.usesStudioPolicy,
          dataCollected: stored,
          lastUpdated: at,
          updatedAt: at,
        };
        // A first save racing another: the second becomes an update rather than a duplicate-key error.
        const [row] = await tx
          .insert(privacyPolicy)
          .values({ ...values, appId: app.id, version: 1 })
          .onConflictDoUpdate({
            target: privacyPolicy.appId,
            set: { ...values, version: sql`${privacyPolicy.version} + 1` },
          })
          .returning();
        // The day's version keeps what the page showed, so it reads the same after the studio's text changes.
        const snapshot = {
          content: shown(row!, app, studio),
          usesStudioPolicy: input.usesStudioPolicy,
          dataCollected: stored,
          createdBy: save.userId,
          createdAt: at,
        };
        await tx
          .insert(privacyPolicyVersions)
          .values({ ...snapshot, appId: app.id, effectiveOn: dayOf(at) })
          .onConflictDoUpdate({
            target: [privacyPolicyVersions.appId, privacyPolicyVersions.effectiveOn],
            set: snapshot,
          });
        return adminOf(row!, app, studio);
      });
      return saved;
    },

    /** The app's versions, newest first. */
    async versions(appId: number): Promise<AppPrivacyVersionSummary[]> {
      const rows = await db
        .select({ effectiveOn: privacyPolicyVersions.effectiveOn, createdAt: privacyPolicyVersions.createdAt })
        .from(privacyPolicyVersions)
        .where(eq(privacyPolicyVersions.appId, appId))
        .orderBy(desc(privacyPolicyVersions.effectiveOn));
      return rows.map((r) => ({ effectiveOn: r.effectiveOn, createdAt: iso(r.createdAt) }));
    },

    async version(appId: number, effectiveOn: string): Promise<AppPrivacyVersion | null> {
      const [row] = await db
        .select()
        .from(privacyPolicyVersions)
        .where(and(eq(privacyPolicyVersions.appId, appId), eq(privacyPolicyVersions.effectiveOn, effectiveOn)));
      if (!row) return null;
      return {
        appId,
        usesStudioPolicy: row.usesStudioPolicy,
        content: row.content,
        ...tableOf(readStoredData(row.dataCollected)),
        effectiveOn: row.effectiveOn,
        createdAt: iso(row.createdAt),
      };
    },

    /** When each app that has a policy of its own last changed it (the sitemap lists their pages). */
    async updatedByApp(): Promise<Map<number, string>> {
      const rows = await db
        .select({ appId: privacyPolicy.appId, updatedAt: privacyPolicy.updatedAt })
        .from(privacyPolicy)
        .where(isNotNull(privacyPolicy.appId));
      return new Map(rows.map((r) => [r.appId!, iso(r.updatedAt)]));
    },

    /** Which of the app's own pages exist, read from their tables (the app page's links block). */
    async pageLinks(appId: number): Promise<AppPageLinks> {
      const [[privacy], [pages]] = await Promise.all([
        db.select({ id: privacyPolicy.id }).from(privacyPolicy).where(eq(privacyPolicy.appId, appId)),
        db.select({ accountDeletion: appPages.accountDeletion }).from(appPages).where(eq(appPages.appId, appId)),
      ]);
      return {
        privacyPolicy: Boolean(privacy),
        accountDeletion: Boolean(pages?.accountDeletion),
        // Every visible app has a support page and a press kit (its fact sheet comes from the store
        // fields when staff wrote no kit), as the sitemap lists them.
        support: true,
        pressKit: true,
      };
    },
  };
}
export type AppPrivacyRepo = ReturnType<typeof appPrivacyRepo>;
