// Issue 13's app fields through the API: each is stored as sent (normalised where the stores spell
// it one way), refused with its own message when malformed, kept when an update leaves it out (the
// spec's form sends only its own fields), and the slug is unique, made from the title unless set.
import { describe, expect, it } from 'vitest';
import { api } from '../../../shared/paths';
import { APP_MESSAGES, type App } from '../../../shared/schemas/apps';
import { SLUG_MAX } from '../../../shared/slug';
import { expectError, expectInvalid, ok } from '../../../../tests/setup/api';
import { useStaffApp } from '../../../../tests/setup/test-app';

type Payload = Record<string, unknown>;

const FINGERPRINT = Array.from({ length: 32 }, (_, i) => (i * 7 + 16).toString(16).padStart(2, '0')).join(':');
const FINGERPRINT_2 = Array.from({ length: 32 }, (_, i) => (255 - i).toString(16)).join(':');

/** Exactly what the spec's app form sends (SPEC §5, §8): no issue-13 field. */
const specApp = (title: string): Payload => ({
  title,
  description: 'A calm river adventure.',
  icon: 'https://example.com/icon.png',
  screenshots: ['https://example.com/1.png'],
  status: 'Live',
  googlePlayLink: '',
  appStoreLink: 'https://apps.apple.com/app/id1234567890',
  webAppLink: '',
  githubRepoLink: '',
  twitterLink: '',
  instagramLink: '',
  facebookLink: '',
});

/** Every issue-13 field but the slug (unique), filled in. */
const storeFields: Payload = {
  kind: 'game',
  category: 'Puzzle',
  platforms: ['ios', 'android', 'steam'],
  appleAppId: '1234567890',
  appleBundleId: 'com.studio.lantern',
  appleTeamId: 'A1B2C3D4E5',
  googlePlayPackage: 'com.studio.lantern',
  androidFingerprints: [FINGERPRINT.toUpperCase()],
  appLinkPaths: ['/apps/lantern-drift-deluxe/*', '/l/*'],
  priceAmount: '4.99',
  priceCurrency: 'EUR',
  releaseDate: '2026-03-14',
  comingSoon: true,
  ageRating: 'PEGI 7',
  tagline: 'Float home by lantern light.',
  longDescription: '<h2>About</h2><p>A <strong>calm</strong> river adventure.</p>',
  trailer: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  preRegisterLink: 'https://play.google.com/store/apps/details?id=com.studio.lantern',
  preOrderLink: 'https://apps.apple.com/app/id1234567890',
  wishlistLink: 'https://store.steampowered.com/app/480/',
};

/** What the API answers for `fields`: the same values, the trailer's address read as its provider and id. */
const answered = ({ trailer: _trailer, ...fields }: Payload, trailerProvider: string, trailerId: string) => ({
  ...fields,
  trailerProvider,
  trailerId,
});

/** What the API answers for `storeFields`. */
const storedFields = answered(storeFields, 'youtube', 'dQw4w9WgXcQ');

/** An app with none of the issue-13 fields set (its slug aside). */
const emptyFields = {
  kind: 'app',
  category: '',
  platforms: [],
  appleAppId: null,
  appleBundleId: null,
  appleTeamId: null,
  googlePlayPackage: null,
  androidFingerprints: [],
  appLinkPaths: [],
  priceAmount: null,
  priceCurrency: null,
  releaseDate: null,
  comingSoon: false,
  ageRating: '',
  tagline: '',
  longDescription: '',
  trailerProvider: null,
  trailerId: null,
  preRegisterLink: null,
  preOrderLink: null,
  wishlistLink: null,
};

const ctx = useStaffApp();
let titles = 0;
/** A title no other test of this file uses. */
const uniqueTitle = (label = 'Store App') => `${label} ${++titles}`;

const post = (payload: Payload, cookie: string | null = ctx.editor) =>
  ctx.app.inject({ method: 'POST', url: api.apps, headers: cookie ? { cookie } : {}, payload });
const put = (id: number, payload: Payload) =>
  ctx.app.inject({ method: 'PUT', url: api.app(id), headers: { cookie: ctx.editor }, payload });
const read = (id: number) =>
  ok<App>(ctx.app.inject({ method: 'GET', url: api.app(id), headers: { cookie: ctx.editor } }));
const create = (fields: Payload = {}, title = uniqueTitle()) => ok<App>(post({ ...specApp(title), ...fields }), 201);
const update = (app: App, fields: Payload = {}) => ok<App>(put(app.id, { ...specApp(app.title), ...fields }));

describe('issue-13 fields: create, read, update', () => {
  it('creates an app with every field and reads them back', async () => {
    const created = await create({ ...storeFields, slug: 'lantern-drift-deluxe' }, 'Lantern Drift Deluxe');
    expect(created).toMatchObject({
      ...storedFields,
      slug: 'lantern-drift-deluxe',
      title: 'Lantern Drift Deluxe',
      status: 'Live',
    });
    expect(await read(created.id)).toEqual(created);
    // Visitors read the same facts (the app is not hidden).
    const visitor = await ok<App>(ctx.app.inject({ method: 'GET', url: api.app(created.id) }));
    expect(visitor).toMatchObject(storedFields);
  });

  it('updates every field to new values', async () => {
    const app = await create(storeFields, 'Before the update');
    const changes = {
      slug: 'after-the-update',
      kind: 'app',
      category: 'Productivity',
      platforms: ['web', 'itch'],
      appleAppId: '987654321',
      appleBundleId: 'org.example.notes',
      appleTeamId: 'Z9Y8X7W6V5',
      googlePlayPackage: 'org.example.notes',
      androidFingerprints: [FINGERPRINT_2.toUpperCase(), FINGERPRINT.toUpperCase()],
      appLinkPaths: ['/open/*'],
      priceAmount: '0.99',
      priceCurrency: 'USD',
      releaseDate: '2024-12-31',
      comingSoon: false,
      ageRating: '4+',
      tagline: 'Notes, quickly.',
      longDescription: '<p>Second text.</p>',
      trailer: 'https://vimeo.com/76979871',
      preRegisterLink: '',
      preOrderLink: null,
      wishlistLink: 'https://example.itch.io/notes',
    };
    const updated = await update(app, changes);
    // An empty link is stored as none.
    expect(updated).toMatchObject({ ...answered(changes, 'vimeo', '76979871'), preRegisterLink: null });
    expect(await read(app.id)).toEqual(updated);
  });

  it('the spec’s own create payload works and leaves the new fields at their defaults', async () => {
    const app = await create({}, 'Plain Spec App');
    expect(app).toMatchObject({ ...emptyFields, slug: 'plain-spec-app' });
  });

  it('an update with only the spec’s fields keeps every issue-13 value (the spec’s form sends only its own)', async () => {
    const app = await create(storeFields, 'Kept Fields');
    const updated = await update(app, { title: 'Kept Fields Renamed', status: 'Testing' });
    expect(updated).toMatchObject({ ...storedFields, title: 'Kept Fields Renamed', status: 'Testing' });
    expect(updated.slug).toBe('kept-fields');
  });

  it('null and empty values clear every field', async () => {
    const app = await create({ ...storeFields, slug: 'to-be-cleared' });
    const cleared = await update(app, {
      category: '',
      platforms: [],
      appleAppId: '',
      appleBundleId: null,
      appleTeamId: '',
      googlePlayPackage: null,
      androidFingerprints: [],
      appLinkPaths: [],
      priceAmount: null,
      priceCurrency: null,
      releaseDate: '',
      comingSoon: false,
      ageRating: null,
      tagline: '',
      longDescription: '',
      trailer: '',
      preRegisterLink: null,
      preOrderLink: '',
      wishlistLink: null,
      kind: 'app',
    });
    expect(cleared).toMatchObject({ ...emptyFields, slug: 'to-be-cleared' });
    // A null trailer removes it too.
    const withTrailer = await update(cleared, { trailer: 'dQw4w9WgXcQ' });
    expect(withTrailer).toMatchObject({ trailerProvider: 'youtube', trailerId: 'dQw4w9WgXcQ' });
    expect(await update(withTrailer, { trailer: null })).toMatchObject({ trailerProvider: null, trailerId: null });
  });

  it('a free app (no amount) keeps no currency', async () => {
    const app = await create({ priceAmount: '2.50', priceCurrency: 'GBP' });
    expect(await update(app, { priceAmount: null, priceCurrency: 'GBP' })).toMatchObject({
      priceAmount: null,
      priceCurrency: null,
    });
  });

  it('only staff may set them', async () => {
    expectError(await post({ ...specApp(uniqueTitle()), ...storeFields }, null), 401, 'UNAUTHENTICATED');
  });
});

describe('normalisation', () => {
  it('store ids: fingerprints and team ids upper-cased, id123 → 123, links reduced to their ids', async () => {
    const app = await create({
      appleAppId: 'id1234567890',
      appleTeamId: 'a1b2c3d4e5',
      androidFingerprints: [` ${FINGERPRINT.toLowerCase()} `, FINGERPRINT_2.replace(/:/g, '').toLowerCase()],
      priceAmount: '3',
      priceCurrency: 'usd',
      platforms: ['ios', 'ios', 'web'],
    });
    expect(app).toMatchObject({
      appleAppId: '1234567890',
      appleTeamId: 'A1B2C3D4E5',
      androidFingerprints: [FINGERPRINT.toUpperCase(), FINGERPRINT_2.toUpperCase()],
      priceAmount: '3',
      priceCurrency: 'USD',
      platforms: ['ios', 'web'],
    });
    const fromLinks = await update(app, {
      appleAppId: 'https://apps.apple.com/us/app/lantern-drift/id987654321?mt=8',
      googlePlayPackage: 'https://play.google.com/store/apps/details?id=com.studio.lantern&hl=en',
    });
    expect(fromLinks).toMatchObject({ appleAppId: '987654321', googlePlayPackage: 'com.studio.lantern' });
  });

  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'youtube', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/watch?feature=share&v=dQw4w9WgXcQ&t=42', 'youtube', 'dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ?si=abc', 'youtube', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/embed/dQw4w9WgXcQ', 'youtube', 'dQw4w9WgXcQ'],
    ['https://youtube.com/shorts/dQw4w9WgXcQ', 'youtube', 'dQw4w9WgXcQ'],
    ['  dQw4w9WgXcQ  ', 'youtube', 'dQw4w9WgXcQ'],
    ['https://vimeo.com/76979871', 'vimeo', '76979871'],
    ['https://player.vimeo.com/video/76979871', 'vimeo', '76979871'],
    ['76979871', 'vimeo', '76979871'],
  ])('trailer %s → %s %s', async (trailer, trailerProvider, trailerId) => {
    expect(await create({ trailer })).toMatchObject({ trailerProvider, trailerId });
  });

  it('the long description is sanitised: scripts and event handlers are removed', async () => {
    const app = await create({
      longDescription:
        '<p onclick="alert(1)">Hello <a href="javascript:alert(1)">x</a></p><script>alert(1)</script><img src="https://example.com/a.png" onerror="alert(1)">',
    });
    expect(app.longDescription).toContain('Hello');
    expect(app.longDescription).not.toMatch(/script|onclick|onerror|javascript:/i);
    const stored = await read(app.id);
    expect(stored.longDescription).toBe(app.longDescription);
  });
});

describe('validation: each bad value is a 422 on its field, with its message, and nothing is written', () => {
  const cases: [string, Payload, string, string][] = [
    ['slug with spaces and capitals', { slug: 'My Game' }, 'slug', APP_MESSAGES.slug],
    ['slug of digits only', { slug: '2048' }, 'slug', APP_MESSAGES.slug],
    ['slug with a double hyphen', { slug: 'a--b' }, 'slug', APP_MESSAGES.slug],
    ['slug with a leading hyphen', { slug: '-game' }, 'slug', APP_MESSAGES.slug],
    ['slug too long', { slug: 'a'.repeat(SLUG_MAX + 1) }, 'slug', `Slug must be at most ${SLUG_MAX} characters`],
    ['kind', { kind: 'movie' }, 'kind', 'Kind must be app or game'],
    ['platform', { platforms: ['ps5'] }, 'platforms.0', 'Platforms are ios, android, web, steam, switch, itch'],
    ['Apple app id', { appleAppId: 'lantern' }, 'appleAppId', APP_MESSAGES.appleAppId],
    ['Apple app id too long', { appleAppId: '1234567890123' }, 'appleAppId', APP_MESSAGES.appleAppId],
    ['bundle id', { appleBundleId: 'lantern' }, 'appleBundleId', APP_MESSAGES.bundleId],
    ['bundle id with a space', { appleBundleId: 'com.studio game' }, 'appleBundleId', APP_MESSAGES.bundleId],
    ['team id too short', { appleTeamId: 'A1B2C3' }, 'appleTeamId', APP_MESSAGES.teamId],
    ['team id with a symbol', { appleTeamId: 'A1B2C3D4E!' }, 'appleTeamId', APP_MESSAGES.teamId],
    ['package', { googlePlayPackage: 'lantern' }, 'googlePlayPackage', APP_MESSAGES.package],
    [
      'package segment starting with a digit',
      { googlePlayPackage: 'com.1studio' },
      'googlePlayPackage',
      APP_MESSAGES.package,
    ],
    ['fingerprint too short', { androidFingerprints: ['AB:CD:EF'] }, 'androidFingerprints.0', APP_MESSAGES.fingerprint],
    [
      'fingerprint of SHA-1 length',
      { androidFingerprints: [FINGERPRINT, FINGERPRINT.slice(0, 59)] },
      'androidFingerprints.1',
      APP_MESSAGES.fingerprint,
    ],
    [
      'fingerprint with a non-hex pair',
      { androidFingerprints: [FINGERPRINT.replace(/^../, 'ZZ')] },
      'androidFingerprints.0',
      APP_MESSAGES.fingerprint,
    ],
    [
      'too many fingerprints',
      { androidFingerprints: Array.from({ length: 11 }, () => FINGERPRINT) },
      'androidFingerprints',
      'At most 10 fingerprints',
    ],
    ['link path without its slash', { appLinkPaths: ['apps/x'] }, 'appLinkPaths.0', APP_MESSAGES.path],
    ['link path with a space', { appLinkPaths: ['/ok', '/a b'] }, 'appLinkPaths.1', APP_MESSAGES.path],
    ['price with three decimals', { priceAmount: '4.999', priceCurrency: 'USD' }, 'priceAmount', APP_MESSAGES.price],
    ['negative price', { priceAmount: '-1', priceCurrency: 'USD' }, 'priceAmount', APP_MESSAGES.price],
    ['price in words', { priceAmount: 'free', priceCurrency: 'USD' }, 'priceAmount', APP_MESSAGES.price],
    ['currency of two letters', { priceAmount: '1', priceCurrency: 'US' }, 'priceCurrency', APP_MESSAGES.currency],
    ['currency as a symbol', { priceAmount: '1', priceCurrency: '€' }, 'priceCurrency', APP_MESSAGES.currency],
    ['price without its currency', { priceAmount: '4.99' }, 'priceCurrency', APP_MESSAGES.currencyNeeded],
    [
      'price with an empty currency',
      { priceAmount: '4.99', priceCurrency: '' },
      'priceCurrency',
      APP_MESSAGES.currencyNeeded,
    ],
    ['release date in another format', { releaseDate: '14/03/2026' }, 'releaseDate', APP_MESSAGES.releaseDate],
    ['release date that does not exist', { releaseDate: '2026-02-30' }, 'releaseDate', APP_MESSAGES.releaseDate],
    ['release date in month 13', { releaseDate: '2026-13-01' }, 'releaseDate', APP_MESSAGES.releaseDate],
    ['release date in year 0', { releaseDate: '0000-01-01' }, 'releaseDate', APP_MESSAGES.releaseDate],
    ['coming soon as text', { comingSoon: 'yes' }, 'comingSoon', 'Coming soon must be true or false'],
    ['category too long', { category: 'c'.repeat(101) }, 'category', 'Category must be at most 100 characters'],
    ['age rating too long', { ageRating: 'r'.repeat(51) }, 'ageRating', 'Age rating must be at most 50 characters'],
    ['tagline too long', { tagline: 't'.repeat(121) }, 'tagline', 'Tagline must be at most 120 characters'],
    [
      'trailer on another site',
      { trailer: 'https://example.com/watch?v=dQw4w9WgXcQ1' },
      'trailer',
      APP_MESSAGES.trailer,
    ],
    ['trailer id of the wrong length', { trailer: 'dQw4w9' }, 'trailer', APP_MESSAGES.trailer],
    ['pre-register link', { preRegisterLink: 'play store' }, 'preRegisterLink', 'Please enter a valid URL'],
    [
      'pre-order link with a script',
      { preOrderLink: 'javascript:alert(1)' },
      'preOrderLink',
      'Please enter a valid URL',
    ],
    ['wishlist link', { wishlistLink: 'store.steampowered.com/app/1' }, 'wishlistLink', 'Please enter a valid URL'],
  ];

  it.each(cases)('%s', async (_name, fields, path, message) => {
    const title = uniqueTitle('Refused');
    const before = (await ok<App[]>(ctx.app.inject({ method: 'GET', url: api.apps, headers: { cookie: ctx.editor } })))
      .length;
    expectInvalid(await post({ ...specApp(title), ...fields }), path, message);
    const after = await ok<App[]>(ctx.app.inject({ method: 'GET', url: api.apps, headers: { cookie: ctx.editor } }));
    expect(after).toHaveLength(before);

    // The same value is refused on an update, and the app stays as it was.
    const app = await create();
    expectInvalid(await put(app.id, { ...specApp(app.title), ...fields }), path, message);
    expect(await read(app.id)).toEqual(app);
  });

  it('a long description over the limit is refused', async () => {
    expectInvalid(
      await post({ ...specApp(uniqueTitle()), longDescription: `<p>${'x'.repeat(200_000)}</p>` }),
      'longDescription',
      'Long description must be at most 200000 characters',
    );
  });
});

describe('slugs', () => {
  it('is made from the title: accents dropped, symbols become hyphens; the same title gets -2, -3', async () => {
    const first = await create({}, 'Déjà Vu: Patch 1.2!');
    const second = await create({}, 'Déjà Vu: Patch 1.2!');
    const third = await create({}, 'déjà vu — patch 1 2');
    expect([first.slug, second.slug, third.slug]).toEqual([
      'deja-vu-patch-1-2',
      'deja-vu-patch-1-2-2',
      'deja-vu-patch-1-2-3',
    ]);
  });

  it('a title of digits alone gets app- in front (/apps/{digits} is an app id); a title of symbols gets “app”', async () => {
    expect((await create({}, '2048')).slug).toBe('app-2048');
    const symbols = await create({}, '!!!');
    expect(symbols.slug).toMatch(/^app(-\d+)?$/);
  });

  it('apps saved at the same moment with one title still get different slugs', async () => {
    const saved = await Promise.all(Array.from({ length: 4 }, () => create({}, 'Rush Hour')));
    const slugs = saved.map((a) => a.slug).sort();
    expect(slugs).toEqual(['rush-hour', 'rush-hour-2', 'rush-hour-3', 'rush-hour-4']);
  });

  it('a slug staff write is kept; one another app uses is a 422 on slug', async () => {
    const owner = await create({ slug: 'moss-and-bolt' });
    expect(owner.slug).toBe('moss-and-bolt');
    expectInvalid(await post({ ...specApp(uniqueTitle()), slug: 'moss-and-bolt' }), 'slug', APP_MESSAGES.slugTaken);
    const other = await create();
    expectInvalid(
      await put(other.id, { ...specApp(other.title), slug: 'moss-and-bolt' }),
      'slug',
      APP_MESSAGES.slugTaken,
    );
    expect((await read(other.id)).slug).toBe(other.slug);
    // Its own slug is not "taken" by itself.
    expect((await update(owner, { slug: 'moss-and-bolt', tagline: 'Same slug' })).slug).toBe('moss-and-bolt');
  });

  it('on update: left out keeps it (even when the title changes); empty makes it again from the title', async () => {
    const app = await create({}, 'Old Name');
    expect(app.slug).toBe('old-name');
    const renamed = await update(app, { title: 'New Name' });
    expect(renamed.slug).toBe('old-name');
    const regenerated = await update(renamed, { slug: '' });
    expect(regenerated.slug).toBe('new-name');
    // Empty again, with the title unchanged: the app keeps its own slug (no -2 against itself).
    expect((await update(regenerated, { slug: '  ' })).slug).toBe('new-name');
  });

  it('a deleted app’s slug is free again', async () => {
    const app = await create({ slug: 'short-lived' });
    await ok(ctx.app.inject({ method: 'DELETE', url: api.app(app.id), headers: { cookie: ctx.editor } }));
    expect((await create({ slug: 'short-lived' })).slug).toBe('short-lived');
  });
});
