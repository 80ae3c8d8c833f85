// GET /api/admin/analytics/what-we-measure: the privacy policy's "What we measure" text, for the
// Privacy Policy editor's "Insert 'What we measure'" button (staff edit the policy, so staff read it).
import { api } from '../../../shared/paths';
import { WhatWeMeasureSchema } from '../../../shared/schemas/what-we-measure';
import type { AppModule } from '../../types';
import { DEFAULT_RAW_DAYS, whatWeMeasure } from './what-we-measure';

export const whatWeMeasureModule: AppModule = async (app, { auth }) => {
  app.get(
    api.analyticsWhatWeMeasure,
    { onRequest: auth.requireStaff, schema: { response: { 200: WhatWeMeasureSchema } } },
    // The raw-days setting (site_settings.analytics_raw_days) arrives with the rollup (helper K):
    // until then, its default.
    () => ({ html: whatWeMeasure(DEFAULT_RAW_DAYS) }),
  );
};
