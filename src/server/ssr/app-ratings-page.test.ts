// Issue 25 on the public app page: the "Age ratings" section (each system's mark and descriptors as
// the rating body writes them, the notices in the page's language), the "Accessibility" section
// (each tag's name and explanation, grouped as the initiative groups them, and the studio's note),
// both only when there is something to show; JSON-LD contentRating; the German page in German.
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../shared/paths';
import type { App } from '../../shared/schemas/apps';
import type { Translation } from '../../shared/schemas/translations';
import { ok } from '../../../tests/setup/api';
import { useStaffApp } from '../../../tests/setup/test-app';
import { productionWeb } from './web';

const ctx = useStaffApp({}, { web: productionWeb() });
const page = (url: string) => ctx.app.inject({ url });
const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  );
/** The text of the list with this data-testid (tags removed, entities of & and ' read). */
const textOf = (html: string, testId: string) => {
  const start = html.indexOf(`data-testid="${testId}"`);
  if (start < 0) return null;
  const end = html.indexOf('</ul>', start);
  return html
    .slice(html.indexOf('>', start) + 1, end)
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
};

let rated: App;
let free: App;
let bare: App;

beforeAll(async () => {
  await ok(ctx.send('PUT', api.locales, { defaultLocale: 'en', locales: ['de'] }, ctx.admin));
  rated = await ctx.make.makeApp({
    title: 'Lantern Drift',
    kind: 'game',
    ageRating: '9+',
    ratings: [
      { system: 'pegi', rating: '7', descriptors: ['Fear'], notices: ['in-game-purchases'] },
      { system: 'usk', rating: '6', descriptors: ['Fantasy-Gewalt'], notices: [] },
      { system: 'esrb', rating: 'E10+', descriptors: [], notices: [] },
    ],
    accessibilityTags: ['large-text', 'multiple-volume-controls', 'no-button-holds'],
    accessibilityNote: 'Every puzzle can be solved with one hand.',
  });
  free = await ctx.make.makeApp({ title: 'Brightlist', ageRating: 'PEGI 3' });
  bare = await ctx.make.makeApp({ title: 'Quiet Hours' });
  await ok<Translation>(
    ctx.send('PUT', api.translation('app', rated.id, 'de'), {
      fields: {
        title: 'Laternenflug',
        description: 'Papierlaternen auf dem Fluss.',
        tagline: '',
        longDescription: '',
        accessibilityNote: 'Jedes Rätsel lässt sich mit einer Hand lösen.',
      },
      isPublished: true,
    }),
  );
});

describe('the app page', () => {
  it("lists the ratings in the systems' order as they write them, with the notices in English", async () => {
    const html = (await page(`/apps/${rated.slug}`)).body;
    expect(html).toContain('<h2 id="age-ratings-heading"');
    expect(textOf(html, 'age-ratings')).toBe('PEGI 7 — Fear · In-Game Purchases ESRB E10+ USK 6 — Fantasy-Gewalt');
  });

  it('lists the tags by group with their explanations, then the note', async () => {
    const html = (await page(`/apps/${rated.slug}`)).body;
    expect(html).toContain('<h2 id="accessibility-heading"');
    expect(textOf(html, 'a11y-auditory')).toContain(
      'Multiple Volume Controls : Music, speech, sound effects and other sounds each have their own volume control.',
    );
    expect(textOf(html, 'a11y-input')).toContain('Playable Without Button Holds');
    expect(textOf(html, 'a11y-visual')).toContain('Large Text : Text can be made larger, or is large from the start.');
    expect(html).not.toContain('data-testid="a11y-gameplay"');
    expect(html.indexOf('Auditory features')).toBeLessThan(html.indexOf('Input features'));
    expect(html.indexOf('Input features')).toBeLessThan(html.indexOf('Visual features'));
    expect(html).toContain('Every puzzle can be solved with one hand.');
  });

  it('has neither section when the app has nothing to show; the free-text rating stays in its details', async () => {
    for (const app of [free, bare]) {
      const html = (await page(`/apps/${app.slug}`)).body;
      expect(html).not.toContain('age-ratings-heading');
      expect(html).not.toContain('accessibility-heading');
    }
    expect((await page(`/apps/${free.slug}`)).body).toMatch(/<dt[^>]*>Age rating<\/dt><dd[^>]*>PEGI 3<\/dd>/);
  });

  it('gives JSON-LD contentRating from the ratings, the free text after them when it differs', async () => {
    const [ld] = jsonLd((await page(`/apps/${rated.slug}`)).body);
    expect(ld!.contentRating).toEqual(['PEGI 7', 'ESRB E10+', 'USK 6', '9+']);
    const [one] = jsonLd((await page(`/apps/${free.slug}`)).body);
    expect(one!.contentRating).toBe('PEGI 3');
    const [none] = jsonLd((await page(`/apps/${bare.slug}`)).body);
    expect(none).not.toHaveProperty('contentRating');
  });

  it('in German: German headings, notices and explanations, the German note; marks and descriptors as issued', async () => {
    const html = (await page(`/de/apps/${rated.slug}`)).body;
    expect(html).toContain('Altersfreigaben</h2>');
    expect(textOf(html, 'age-ratings')).toBe('PEGI 7 — Fear · In-Game-Käufe ESRB E10+ USK 6 — Fantasy-Gewalt');
    expect(html).toContain('Barrierefreiheit</h2>');
    expect(textOf(html, 'a11y-auditory')).toContain(
      'Musik, Sprache, Soundeffekte und andere Klänge haben jeweils einen eigenen Lautstärkeregler.',
    );
    expect(html).toContain('Jedes Rätsel lässt sich mit einer Hand lösen.');
    expect(html).not.toContain('Every puzzle can be solved with one hand.');
    const [ld] = jsonLd(html);
    expect(ld!.contentRating).toEqual(['PEGI 7', 'ESRB E10+', 'USK 6', '9+']);
  });
});
