// GET /api/admin/analytics/what-we-measure: the privacy policy's "What we measure" text, for the
// Privacy Policy editor's "Insert 'What we measure'" button (staff edit the policy, so staff read it).
import { api } from '../../../shared/paths';
import { WhatWeMeasureSchema } from '../../../shared/schemas/what-we-measure';
import type { AppModule } from '../../types';
import { whatWeMeasure } from './what-we-measure';

export const whatWeMeasureModule: AppModule = async (app, { auth, deps }) => {
  app.get(
    api.analyticsWhatWeMeasure,
    { onRequest: auth.requireStaff, schema: { response: { 200: WhatWeMeasureSchema } } },
    // As long as the raw-days setting keeps raw events now.
    async () => ({ html: whatWeMeasure(await deps.repos.analyticsSettings.rawDays()) }),
  );
};
