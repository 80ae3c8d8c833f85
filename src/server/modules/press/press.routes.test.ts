// Press kits (issue 14, part 4): who may read and write them, what a kit may hold, the version
// check, the press-copy request landing in the inbox tagged 'press', and the ZIPs holding exactly
// the stored originals (images made here with sharp and uploaded through the real upload API).
import { paths, api } from '../../../shared/paths';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { unzip } from '../../../../tests/setup/zip';
import { describe, expect, it } from 'vitest';
import { expectError, expectInvalid, ok, uploadMedia } from '../../../../tests/setup/api';
import { injectFactories } from '../../../../tests/factories';
import { createTestApp, staffSessions, useStaffApp } from '../../../../tests/setup/test-app';
import type { AppInput } from '../../../shared/schemas/apps';
import type { MediaItem } from '../../../shared/schemas/media';
import type { Message } from '../../../shared/schemas/messages';
import { PRESS_LIMITS, type PressKit } from '../../../shared/schemas/press';
import { mediaFiles } from '../../db/schema';
import { productionWeb } from '../../ssr/web';

// With the public website: its catch-all page route must not swallow the ZIP addresses.
const ctx = useStaffApp({ contactMaxPerHour: 1000 }, { web: productionWeb() });

const call = (method: 'GET' | 'PUT' | 'POST', url: string, cookie = '', payload?: unknown, headers = {}) =>
  ctx.app.inject({
    method,
    url,
    headers: { ...(cookie ? { cookie } : {}), ...headers },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

const createApp = (fields: Partial<AppInput> = {}) => ctx.make.makeApp(fields);

async function uploadImage(filename: string, data: Buffer): Promise<MediaItem> {
  return uploadMedia(ctx.app, ctx.editor, filename, data);
}

/** A picture of one colour, `w`×`h`, as PNG or JPEG bytes. */
const picture = (w: number, h: number, hue: [number, number, number], as: 'png' | 'jpeg') => {
  const image = sharp({
    create: { width: w, height: h, channels: 3, background: { r: hue[0], g: hue[1], b: hue[2] } },
  });
  return (as === 'png' ? image.png() : image.jpeg()).toBuffer();
};

/** The stored original's bytes (what the ZIP must hold). */
async function storedBytes(url: string): Promise<Buffer> {
  const [row] = await ctx.database.db.select().from(mediaFiles).where(eq(mediaFiles.path, url));
  expect(row, `stored file ${url}`).toBeDefined();
  return Buffer.from(row!.bytes!);
}

const KIT = {
  basedIn: 'Lisbon, Portugal',
  foundedOn: '2019',
  website: 'https://studio.example',
  pressContact: 'press@studio.example',
  description: '<p>Small games.</p><script>alert(1)</script>',
  history: '<p onclick="x()">Started in a garage.</p>',
  features: ['Hand-drawn worlds', 'No ads'],
  releaseDates: [{ platform: 'iOS', date: '2025-03-14' }],
  trailers: [{ video: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', title: 'Launch trailer' }],
  logos: [],
  awards: [{ title: 'Best Indie Game', detail: 'Some Awards 2025' }],
  quotes: [{ quote: 'Lovely.', source: 'A Magazine', url: 'https://magazine.example/review' }],
  credits: [{ name: 'Ada', role: 'Design' }],
  monetization: 'allowed',
};

describe('access', () => {
  it('staff read and write kits; visitors read the public kits only', async () => {
    expectError(await call('GET', api.adminPressKitStudio), 401, 'UNAUTHENTICATED');
    expectError(await call('PUT', api.adminPressKitStudio, '', KIT), 401, 'UNAUTHENTICATED');
    expectError(await call('GET', api.adminPressKitApp(1)), 401, 'UNAUTHENTICATED');
    expectError(await call('PUT', api.adminPressKitApp(1), '', KIT), 401, 'UNAUTHENTICATED');
    await ok(call('GET', api.adminPressKitStudio, ctx.editor));
    await ok(call('GET', api.pressKitStudio));
  });

  it('a hidden app has no public kit; unknown apps are 404', async () => {
    const hidden = await createApp({ isHidden: true });
    expectError(await call('GET', api.pressKitApp(hidden.id)), 404, 'NOT_FOUND');
    await ok(call('GET', api.pressKitApp(hidden.id), ctx.editor));
    expectError(await call('GET', api.adminPressKitApp(2_147_483_000), ctx.editor), 404, 'NOT_FOUND');
    expectError(await call('PUT', api.adminPressKitApp(2_147_483_000), ctx.editor, KIT), 404, 'NOT_FOUND');
    expectError(await call('GET', paths.appPressScreenshots(hidden.slug)), 404, 'NOT_FOUND');
  });
});

describe('validation', () => {
  it.each([
    ['monetization', { monetization: 'sometimes' }],
    ['website', { website: 'javascript:alert(1)' }],
    ['pressContact', { pressContact: 'not an address' }],
    ['releaseDates.0.date', { releaseDates: [{ platform: 'iOS', date: '2025-02-30' }] }],
    ['releaseDates.0.platform', { releaseDates: [{ platform: '', date: '2025-02-03' }] }],
    ['trailers.0.video', { trailers: [{ video: 'https://example.com/video', title: 'x' }] }],
    ['logos.0', { logos: ['ftp://example.com/logo.png'] }],
    ['quotes.0.url', { quotes: [{ quote: 'Nice', source: 'Mag', url: 'nope' }] }],
    ['quotes.0.source', { quotes: [{ quote: 'Nice', source: '' }] }],
    ['features', { features: Array.from({ length: PRESS_LIMITS.features + 1 }, (_, i) => `F${i}`) }],
    ['basedIn', { basedIn: 'x'.repeat(101) }],
    ['credits.0.name', { credits: [{ name: '', role: 'Art' }] }],
  ])('refuses a bad %s', async (path, change) => {
    expectInvalid(await call('PUT', api.adminPressKitStudio, ctx.editor, { ...KIT, ...change }), path);
  });
});

describe('studio kit: upsert and version', () => {
  it('reads empty until written, sanitises rich text, counts versions and refuses a stale If-Match', async () => {
    const empty = await ok<PressKit>(call('GET', api.adminPressKitStudio, ctx.editor));
    expect(empty).toMatchObject({ appId: null, version: 0, features: [], monetization: 'ask', updatedAt: null });

    const first = await ok<PressKit>(call('PUT', api.adminPressKitStudio, ctx.editor, KIT, { 'if-match': '"0"' }));
    expect(first.version).toBe(1);
    expect(first.description).toBe('<p>Small games.</p>');
    expect(first.history).toBe('<p>Started in a garage.</p>');
    expect(first.trailers).toEqual([{ provider: 'youtube', id: 'dQw4w9WgXcQ', title: 'Launch trailer' }]);
    expect(first.quotes[0]).toEqual({ quote: 'Lovely.', source: 'A Magazine', url: 'https://magazine.example/review' });

    const second = await ok<PressKit>(
      call('PUT', api.adminPressKitStudio, ctx.admin, { ...KIT, basedIn: 'Porto' }, { 'if-match': '"1"' }),
    );
    expect(second).toMatchObject({ version: 2, basedIn: 'Porto' });

    // Someone still on version 1 is told, with the kit as it is now.
    const stale = expectError(
      await call('PUT', api.adminPressKitStudio, ctx.editor, { ...KIT, basedIn: 'Faro' }, { 'if-match': '"1"' }),
      409,
      'CONFLICT',
    );
    expect(stale.current).toMatchObject({ version: 2, basedIn: 'Porto' });

    // The public read follows at once (its cached copy is dropped by the write).
    expect(await ok<PressKit>(call('GET', api.pressKitStudio))).toMatchObject({ version: 2, basedIn: 'Porto' });
    await ok(call('PUT', api.adminPressKitStudio, ctx.editor, { ...KIT, basedIn: 'Braga' }));
    expect(await ok<PressKit>(call('GET', api.pressKitStudio))).toMatchObject({ version: 3, basedIn: 'Braga' });
  });

  it("an app's kit is its own row", async () => {
    const app = await createApp();
    const saved = await ok<PressKit>(
      call('PUT', api.adminPressKitApp(app.id), ctx.editor, { features: ['Co-op'], monetization: 'non_commercial' }),
    );
    expect(saved).toMatchObject({ appId: app.id, version: 1, features: ['Co-op'], monetization: 'non_commercial' });
    expect(await ok<PressKit>(call('GET', api.pressKitApp(app.id)))).toMatchObject({
      appId: app.id,
      features: ['Co-op'],
    });
    expect((await ok<PressKit>(call('GET', api.pressKitStudio))).features).not.toEqual(['Co-op']);
  });
});

describe('press-copy requests', () => {
  const REQUEST = {
    name: 'Nellie Bly',
    email: 'nellie@paper.example',
    outlet: 'The Daily Paper',
    platform: 'Steam',
    message: 'We would love to review it.',
  };

  it('land in the inbox tagged press, with the app and outlet; contact messages carry no tag', async () => {
    const app = await createApp({ title: 'Tagged Game' });
    await ok(call('POST', api.pressRequests, '', { ...REQUEST, appId: app.id }), 201);
    await ok(
      call('POST', '/api/messages', '', {
        firstName: 'A',
        lastName: 'B',
        email: 'a@b.example',
        subject: 'Hi',
        message: 'Just saying hello.',
      }),
      201,
    );
    const messages = await ok<Message[]>(call('GET', '/api/messages', ctx.editor));
    const press = messages.find((m) => m.email === REQUEST.email)!;
    expect(press).toMatchObject({
      firstName: 'Nellie',
      lastName: 'Bly',
      tag: 'press',
      subject: 'Press copy: Tagged Game (Steam)',
      isRead: false,
    });
    expect(press.message).toContain('Outlet: The Daily Paper');
    expect(press.message).toContain('We would love to review it.');
    expect(messages.find((m) => m.email === 'a@b.example')!.tag).toBeNull();
  });

  it('drops a filled-in honeypot (still answering 201) and checks the fields', async () => {
    await ok(call('POST', api.pressRequests, '', { ...REQUEST, email: 'bot@spam.example', website: 'x' }), 201);
    const messages = await ok<Message[]>(call('GET', '/api/messages', ctx.editor));
    expect(messages.some((m) => m.email === 'bot@spam.example')).toBe(false);

    expectInvalid(await call('POST', api.pressRequests, '', { ...REQUEST, email: 'nope' }), 'email');
    expectInvalid(await call('POST', api.pressRequests, '', { ...REQUEST, outlet: '' }), 'outlet');
    expectInvalid(await call('POST', api.pressRequests, '', { ...REQUEST, appId: 2_147_483_000 }), 'appId');
  });

  it('without JavaScript: a form POST to the page is sent and answered with a redirect to its notice', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: paths.press,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ ...REQUEST, email: 'plain@paper.example' }).toString(),
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/press?sent=sent#press-request');
    const messages = await ok<Message[]>(call('GET', '/api/messages', ctx.editor));
    expect(messages.find((m) => m.email === 'plain@paper.example')).toMatchObject({ tag: 'press' });
  });

  it('shares the contact form limit', async () => {
    const limited = await createTestApp({ contactMaxPerHour: 2 });
    const send = (url: string, payload: unknown) =>
      limited.app.inject({
        method: 'POST',
        url,
        payload: payload as Record<string, unknown>,
        remoteAddress: '198.51.100.9',
      });
    expect((await send(api.pressRequests, REQUEST)).statusCode).toBe(201);
    expect(
      (
        await send('/api/messages', {
          firstName: 'A',
          lastName: 'B',
          email: 'a@b.example',
          subject: 'Hi',
          message: 'Just saying hello.',
        })
      ).statusCode,
    ).toBe(201);
    const third = await send(api.pressRequests, REQUEST);
    expectError(third, 429, 'TOO_MANY_REQUESTS');
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('ZIP downloads', () => {
  it("an app's screenshots and logos: the stored originals, named in order, external images left out", async () => {
    const shot1 = await uploadImage('one.png', await picture(64, 36, [200, 40, 40], 'png'));
    const shot2 = await uploadImage('two.jpg', await picture(48, 80, [40, 200, 40], 'jpeg'));
    const logo = await uploadImage('logo.png', await picture(32, 32, [40, 40, 200], 'png'));
    const app = await createApp({ screenshots: [shot1.url, 'https://cdn.example/elsewhere.png', shot2.url] });

    const res = await call('GET', paths.appPressScreenshots(app.slug));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${app.slug}-screenshots.zip"`);
    const entries = await unzip(res.rawPayload);
    expect(entries.map(([name]) => name)).toEqual([`${app.slug}-screenshot-01.png`, `${app.slug}-screenshot-02.jpg`]);
    expect(entries[0]![1].equals(await storedBytes(shot1.url))).toBe(true);
    expect(entries[1]![1].equals(await storedBytes(shot2.url))).toBe(true);

    // No logos yet: nothing to zip.
    expectError(await call('GET', paths.appPressLogos(app.slug)), 404, 'NOT_FOUND');
    await ok(
      call('PUT', api.adminPressKitApp(app.id), ctx.editor, { logos: [logo.url, 'https://cdn.example/logo.svg'] }),
    );
    const logos = await call('GET', paths.appPressLogos(app.slug));
    expect(logos.statusCode).toBe(200);
    const logoEntries = await unzip(logos.rawPayload);
    expect(logoEntries.map(([name]) => name)).toEqual([`${app.slug}-logo-01.png`]);
    expect(logoEntries[0]![1].equals(await storedBytes(logo.url))).toBe(true);
  });

  it('404 when every image is linked from elsewhere, or the app is unknown', async () => {
    const app = await createApp();
    expectError(await call('GET', paths.appPressScreenshots(app.slug)), 404, 'NOT_FOUND');
    expectError(await call('GET', paths.appPressScreenshots('no-such-app')), 404, 'NOT_FOUND');
  });

  it("the studio's images (every visible app's icon and screenshots) and logos (its kit's, else the site logo)", async () => {
    const fresh = await createTestApp();
    const { admin: boss } = await staffSessions(fresh);
    const studio = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown) =>
      fresh.app.inject({
        method,
        url,
        headers: { cookie: boss },
        ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
      });
    expect((await fresh.app.inject({ url: paths.pressImages })).statusCode).toBe(404);
    expect((await fresh.app.inject({ url: paths.pressLogos })).statusCode).toBe(404);

    const up = (name: string, data: Buffer) => uploadMedia(fresh.app, boss, name, data);
    const icon = await up('icon.png', await picture(40, 40, [10, 10, 10], 'png'));
    const shot = await up('shot.jpg', await picture(80, 45, [90, 90, 20], 'jpeg'));
    const siteLogo = await up('site-logo.png', await picture(30, 30, [1, 2, 3], 'png'));
    const make = injectFactories(fresh.app, boss);
    const made = await make.makeApp({ title: 'Zip Quest', icon: icon.url, screenshots: [shot.url] });
    await make.makeApp({ title: 'Hidden Thing', icon: icon.url, screenshots: [shot.url], isHidden: true });
    await studio('PUT', '/api/site-settings', { name: 'Zip Studio', logo: siteLogo.url });

    const images = await fresh.app.inject({ url: paths.pressImages });
    expect(images.statusCode).toBe(200);
    expect(images.headers['content-disposition']).toBe('attachment; filename="zip-studio-images.zip"');
    const entries = await unzip(images.rawPayload);
    expect(entries.map(([n]) => n)).toEqual([`${made.slug}-icon.png`, `${made.slug}-screenshot-01.jpg`]);
    expect(entries[1]![1].equals(Buffer.from(await (await fresh.app.inject({ url: shot.url })).rawPayload))).toBe(true);

    const logos = await unzip((await fresh.app.inject({ url: paths.pressLogos })).rawPayload);
    expect(logos.map(([n]) => n)).toEqual(['zip-studio-logo-01.png']);
  });
});
