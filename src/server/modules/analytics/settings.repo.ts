// The analytics setting (issue 27): how many days raw events are kept once their day is rolled up. It
// lives in the site's settings row beside the audit log's retention.
import { ANALYTICS_RAW_DAYS_DEFAULT } from '../../../shared/schemas/analytics-reports';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { readSettingsRow, writeSettingsRow } from '../site/settings-row';

export function analyticsSettingsRepo(db: Db, config: Config) {
  return {
    async rawDays(): Promise<number> {
      return (await readSettingsRow(db))?.analyticsRawDays ?? ANALYTICS_RAW_DAYS_DEFAULT;
    },

    /** Sets it; the settings row is made (with the configured name) if the site has none yet. */
    async setRawDays(days: number): Promise<void> {
      await writeSettingsRow(db, config.siteName, { analyticsRawDays: days });
    },
  };
}
export type AnalyticsSettingsRepo = ReturnType<typeof analyticsSettingsRepo>;
