// The privacy policy's "What we measure" text (issue 27): what it says, and who may fetch it.
import { describe, expect, it } from 'vitest';
import { expectError, ok } from '../../../../tests/setup/api';
import { useStaffApp } from '../../../../tests/setup/test-app';
import type { WhatWeMeasure } from '../../../shared/schemas/what-we-measure';
import { sanitizeRichText } from '../../lib/sanitize';
import { api } from '../../../shared/paths';
import { ANALYTICS_RAW_DAYS_DEFAULT } from '../../../shared/schemas/analytics-reports';
import { whatWeMeasure } from './what-we-measure';

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('whatWeMeasure', () => {
  it('says how long raw events are kept: the raw-days setting', () => {
    expect(text(whatWeMeasure(30))).toContain('kept for 30 days');
    expect(text(whatWeMeasure(7))).toContain('kept for 7 days');
    expect(text(whatWeMeasure(1))).toContain('kept for 1 day.');
    expect(text(whatWeMeasure(7))).not.toContain('30 days');
  });

  it('says what is stored, what is not, and how to opt out', () => {
    const words = text(whatWeMeasure(30));
    for (const said of [
      'without cookies',
      'No cookies',
      'no third parties',
      'deleted after 48 hours',
      'IP address and user agent themselves are never stored',
      'phone, tablet or desktop',
      'utm_source',
      'app store badges',
      'sign-ups',
      'Core Web Vitals',
      'daily totals',
      'Do Not Track',
      'Global Privacy Control',
      "Don't count my visits",
    ])
      expect(words).toContain(said);
  });

  it('is HTML the rich-text editor keeps as it is: a heading, paragraphs and a list', () => {
    const html = whatWeMeasure(30);
    expect(html).toMatch(/^<h2>What we measure<\/h2>/);
    expect(html).toContain('<ul>');
    expect(sanitizeRichText(html)).toBe(html);
  });

  it('refuses a number of days that is not one', () => {
    for (const bad of [0, -1, 1.5, Number.NaN]) expect(() => whatWeMeasure(bad)).toThrow(RangeError);
  });
});

describe('GET /api/admin/analytics/what-we-measure', () => {
  const ctx = useStaffApp();
  const url = '/api/admin/analytics/what-we-measure';

  it('gives staff the text with the default raw days; nobody signed out', async () => {
    expectError(await ctx.get(url), 401, 'UNAUTHENTICATED');
    for (const role of ['editor', 'admin'] as const) {
      const body = await ok<WhatWeMeasure>(ctx.get(url, ctx.session(role)));
      expect(body).toEqual({ html: whatWeMeasure(ANALYTICS_RAW_DAYS_DEFAULT) });
    }
  });

  it('follows the raw-days setting', async () => {
    await ok(ctx.send('PUT', api.analyticsSettings, { rawDays: 12 }, ctx.session('admin')));
    const body = await ok<WhatWeMeasure>(ctx.get(url, ctx.session('editor')));
    expect(body).toEqual({ html: whatWeMeasure(12) });
  });
});
