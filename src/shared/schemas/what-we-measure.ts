// GET /api/admin/analytics/what-we-measure (issue 27): the privacy policy's "What we measure" text.
import { z } from './zod';

export const WhatWeMeasureSchema = z.object({ html: z.string() });
export type WhatWeMeasure = z.infer<typeof WhatWeMeasureSchema>;
