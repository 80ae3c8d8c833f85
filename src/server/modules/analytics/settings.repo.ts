// The analytics setting (issue 27): how many days raw events are kept once their day is rolled up. It
// lives in the site's settings row beside the audit log's retention.
import { asc, eq } from 'drizzle-orm';
import { ANALYTICS_RAW_DAYS_DEFAULT } from '../../../shared/schemas/analytics-reports';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { siteSettings } from '../../db/schema';

export function analyticsSettingsRepo(db: Db, config: Config) {
  return {
    async rawDays(): Promise<number> {
      const [row] = await db
        .select({ days: siteSettings.analyticsRawDays })
        .from(siteSettings)
        .orderBy(asc(siteSettings.id))
        .limit(1);
      return row?.days ?? ANALYTICS_RAW_DAYS_DEFAULT;
    },

    /** Sets it; the settings row is made (with the configured name) if the site has none yet. */
    async setRawDays(days: number): Promise<void> {
      await db.transaction(async (tx) => {
        const [row] = await tx
          .select({ id: siteSettings.id })
          .from(siteSettings)
          .orderBy(asc(siteSettings.id))
          .limit(1);
        if (row) await tx.update(siteSettings).set({ analyticsRawDays: days }).where(eq(siteSettings.id, row.id));
        else await tx.insert(siteSettings).values({ name: config.siteName, analyticsRawDays: days });
      });
    },
  };
}
export type AnalyticsSettingsRepo = ReturnType<typeof analyticsSettingsRepo>;
