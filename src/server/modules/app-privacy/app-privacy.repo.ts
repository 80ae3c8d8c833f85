// An app's own privacy policy (issue 14): the privacy_policy row with its app_id (what staff last
// saved, which the editor shows), and every saved version in privacy_policy_versions (issue 21: none
// is replaced). What visitors read is the version in force, by the one clock: the latest whose
// effective day has come, and among versions of the same day the last saved. A version for a later
// day is announced until then; the moment it takes effect is told to the content caches
// (`schedule.changesAt`), so nothing cached outlives it.
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
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
  type VersionStatus,
} from '../../../shared/schemas/app-privacy';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { appPages, privacyPolicy, privacyPolicyVersions } from '../../db/schema';
import { invalid, staleVersion } from '../../lib/errors';
import { iso } from '../../lib/rows';
import { sanitizeRequired, sanitizeRichText } from '../../lib/sanitize';

type PolicyRow = typeof privacyPolicy.$inferSelect;
type VersionRow = typeof privacyPolicyVersions.$inferSelect;

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

/** Told when content read now changes by itself (the content caches: ContentEvents). */
export interface ContentSchedule {
  changesAt(at: Date): void;
}

/** What the in-force rules need of a version (its text is read only for the one shown). */
interface VersionMeta {
  id: number;
  appId: number;
  effectiveOn: string;
  createdAt: Date;
  usesStudioPolicy: boolean;
}

const later = (a: Date | null, b: Date | null) => (a && b ? (a > b ? a : b) : (a ?? b));
/** The start of a day (UTC): when a version effective that day takes effect, if saved before. */
const startOf = (day: string) => new Date(`${day}T00:00:00Z`);
/** When a version took (or takes) effect: its day's start, or its saving if that came later. */
const tookEffect = (v: Pick<VersionMeta, 'effectiveOn' | 'createdAt'>) => later(startOf(v.effectiveOn), v.createdAt)!;
/** Newest first: by effective day, then by when saved (the id breaks a tie of the same instant). */
const newestFirst = (a: VersionMeta, b: VersionMeta) =>
  b.effectiveOn.localeCompare(a.effectiveOn) || b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id;
const savedAfter = (a: VersionMeta, b: VersionMeta) =>
  a.createdAt.getTime() > b.createdAt.getTime() || (a.createdAt.getTime() === b.createdAt.getTime() && a.id > b.id);

/**
 * The version in force at the end of `day` (for today: now), from versions sorted newest first:
 * the latest effective on or before it. Versions saved later cannot change a past day's answer,
 * since no version takes effect before the day it is saved.
 */
const inForceOn = (sorted: VersionMeta[], day: string) => sorted.find((v) => v.effectiveOn <= day);

/** Where each version stands on `today`. */
function statusOf(
  v: VersionMeta,
  sorted: VersionMeta[],
  current: VersionMeta | undefined,
  today: string,
): VersionStatus {
  if (v.id === current?.id) return 'current';
  // Saved before its day, and another save for the same day came before that day did: never in force.
  const start = startOf(v.effectiveOn);
  const replaced =
    v.createdAt < start &&
    sorted.some((w) => w.effectiveOn === v.effectiveOn && savedAfter(w, v) && w.createdAt < start);
  if (replaced) return 'replaced';
  return v.effectiveOn > today ? 'upcoming' : 'earlier';
}

const summaryOf = (v: VersionMeta, status: VersionStatus): AppPrivacyVersionSummary => ({
  id: v.id,
  effectiveOn: v.effectiveOn,
  createdAt: v.createdAt.toISOString(),
  status,
});

export function appPrivacyRepo(db: Db, now: () => Date, schedule?: ContentSchedule) {
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
  const today = () => dayOf(now());
  const meta = {
    id: privacyPolicyVersions.id,
    appId: privacyPolicyVersions.appId,
    effectiveOn: privacyPolicyVersions.effectiveOn,
    createdAt: privacyPolicyVersions.createdAt,
    usesStudioPolicy: privacyPolicyVersions.usesStudioPolicy,
  };
  /**
   * The versions (newest first) of one app, or of every app. What is read from them depends on the
   * day, so the next day one of them takes effect is told to the caches.
   */
  const versionsOf = async (appId?: number) => {
    const rows = await db
      .select(meta)
      .from(privacyPolicyVersions)
      .where(appId === undefined ? undefined : eq(privacyPolicyVersions.appId, appId));
    const sorted = rows.sort(newestFirst);
    const day = today();
    // Sorted by day, newest first: the last of those to come is the soonest.
    const soonest = sorted.filter((v) => v.effectiveOn > day).at(-1);
    if (soonest) schedule?.changesAt(startOf(soonest.effectiveOn));
    return { sorted, day };
  };
  const fullVersion = async (
    appId: number,
    v: VersionMeta,
    status: VersionStatus,
  ): Promise<AppPrivacyVersion | null> => {
    const [row] = await db
      .select()
      .from(privacyPolicyVersions)
      .where(and(eq(privacyPolicyVersions.appId, appId), eq(privacyPolicyVersions.id, v.id)));
    return row ? versionOf(row, status) : null;
  };
  const versionOf = (row: VersionRow, status: VersionStatus): AppPrivacyVersion => ({
    appId: row.appId,
    usesStudioPolicy: row.usesStudioPolicy,
    content: row.content,
    ...tableOf(readStoredData(row.dataCollected)),
    ...summaryOf(row, status),
  });

  return {
    /** What the app's page shows now: the version in force; null when none is (yet). */
    async current(app: PolicyApp): Promise<AppPrivacyPolicy | null> {
      const { sorted, day } = await versionsOf(app.id);
      const inForce = inForceOn(sorted, day);
      if (!inForce) return null;
      const [[row], policy, studio] = await Promise.all([
        db.select().from(privacyPolicyVersions).where(eq(privacyPolicyVersions.id, inForce.id)),
        appRow(app.id),
        inForce.usesStudioPolicy ? studioRow() : undefined,
      ]);
      if (!row) return null;
      // The studio's policy shows its text as it is now; an earlier version keeps the text it showed.
      const content = row.usesStudioPolicy && studio ? withAppName(studio.content, app.title) : row.content;
      const upcoming = sorted
        .filter((v) => statusOf(v, sorted, inForce, day) === 'upcoming')
        .sort((a, b) => a.effectiveOn.localeCompare(b.effectiveOn))[0];
      return {
        appId: app.id,
        usesStudioPolicy: row.usesStudioPolicy,
        content,
        ...tableOf(readStoredData(row.dataCollected)),
        lastUpdated: later(
          tookEffect(inForce),
          row.usesStudioPolicy ? (studio?.lastUpdated ?? null) : null,
        )!.toISOString(),
        effectiveOn: inForce.effectiveOn,
        versionId: inForce.id,
        upcoming: upcoming ? summaryOf(upcoming, 'upcoming') : null,
        version: policy?.version ?? 1,
      };
    },

    /** The row as staff edit it; null when never written. */
    async forAdmin(app: PolicyApp): Promise<AppPrivacyAdmin | null> {
      const row = await appRow(app.id);
      if (!row) return null;
      return adminOf(row, app, row.usesStudioPolicy ? await studioRow() : undefined);
    },

    /**
     * Saves the app's policy and a new version, effective today (by the app's clock) or on the later
     * day chosen, in one transaction: refused (409, with the policy as it is now) when
     * `save.version` is older than the row's. Earlier versions are never changed.
     */
    async put(
      app: PolicyApp,
      input: z.output<typeof AppPrivacyInputSchema>,
      save: PrivacySave,
    ): Promise<AppPrivacyAdmin> {
      const at = now();
      const effectiveOn = input.effectiveOn || dayOf(at);
      // A policy cannot have been in force before it was written.
      if (effectiveOn < dayOf(at)) {
        throw invalid(PRIVACY_MESSAGES.pastEffectiveOn, [
          { path: 'effectiveOn', message: PRIVACY_MESSAGES.pastEffectiveOn },
        ]);
      }
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
        // The version keeps what the page showed, so it reads the same after the studio's text changes.
        await tx.insert(privacyPolicyVersions).values({
          appId: app.id,
          effectiveOn,
          content: shown(row!, app, studio),
          usesStudioPolicy: input.usesStudioPolicy,
          dataCollected: stored,
          createdBy: save.userId,
          createdAt: at,
        });
        return adminOf(row!, app, studio);
      });
      return saved;
    },

    /** The app's versions, newest first (by effective day, then by when saved), each with where it stands. */
    async versions(appId: number): Promise<AppPrivacyVersionSummary[]> {
      const { sorted, day } = await versionsOf(appId);
      const current = inForceOn(sorted, day);
      return sorted.map((v) => summaryOf(v, statusOf(v, sorted, current, day)));
    },

    /** The version in force on a day (not after today: a day to come is not settled yet). */
    async versionOn(appId: number, effectiveOn: string): Promise<AppPrivacyVersion | null> {
      const { sorted, day } = await versionsOf(appId);
      if (effectiveOn > day) return null;
      const found = inForceOn(sorted, effectiveOn);
      return found ? fullVersion(appId, found, statusOf(found, sorted, inForceOn(sorted, day), day)) : null;
    },

    /** One saved version by its id (each has its own permanent address). */
    async versionById(appId: number, versionId: number): Promise<AppPrivacyVersion | null> {
      const { sorted, day } = await versionsOf(appId);
      const found = sorted.find((v) => v.id === versionId);
      return found ? fullVersion(appId, found, statusOf(found, sorted, inForceOn(sorted, day), day)) : null;
    },

    /**
     * When each app with a policy in force last changed what its page shows (the sitemap lists their
     * pages): when that version took effect.
     */
    async updatedByApp(): Promise<Map<number, string>> {
      const { sorted, day } = await versionsOf();
      const updated = new Map<number, string>();
      for (const v of sorted) {
        if (!updated.has(v.appId) && v.effectiveOn <= day) updated.set(v.appId, tookEffect(v).toISOString());
      }
      return updated;
    },

    /** Which of the app's own pages exist, read from their tables (the app page's links block). */
    async pageLinks(appId: number): Promise<AppPageLinks> {
      const [[first], [pages]] = await Promise.all([
        db
          .select({ effectiveOn: privacyPolicyVersions.effectiveOn })
          .from(privacyPolicyVersions)
          .where(eq(privacyPolicyVersions.appId, appId))
          .orderBy(asc(privacyPolicyVersions.effectiveOn))
          .limit(1),
        db.select({ accountDeletion: appPages.accountDeletion }).from(appPages).where(eq(appPages.appId, appId)),
      ]);
      // A first version for a later day: the page (and its link) appears that day.
      if (first && first.effectiveOn > today()) schedule?.changesAt(startOf(first.effectiveOn));
      return {
        privacyPolicy: Boolean(first && first.effectiveOn <= today()),
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
