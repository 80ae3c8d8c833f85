// app-ads.txt and ads.txt as staff write them (checked line by line against the IAB format) and the
// .well-known files made from the apps: what the admin API takes and what crawlers get.
import { describe, expect, it } from 'vitest';
import { expectError, expectInvalid, ok } from '../../../../tests/setup/api';
import { useStaffApp } from '../../../../tests/setup/test-app';
import type { App, AppInput } from '../../../shared/schemas/apps';
import { appInput } from '../../../../tests/factories';
import { productionWeb } from '../../ssr/web';
import { siteFileIssues, type SiteFile } from '../../../shared/schemas/site-files';

// With the public website: its catch-all page route must not swallow (or redirect) these files.
const ctx = useStaffApp({}, { web: productionWeb() });

const put = (name: string, content: unknown, cookie = ctx.admin) =>
  ctx.app.inject({ method: 'PUT', url: `/api/admin/site-files/${name}`, headers: { cookie }, payload: { content } });
const crawl = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ url, headers });

const FINGERPRINT = Array.from({ length: 32 }, (_, i) => (i * 7 + 16).toString(16).toUpperCase().padStart(2, '0')).join(
  ':',
);

const createApp = (fields: Partial<AppInput>) => ctx.make.makeApp(fields);

describe('ads.txt and app-ads.txt lines (IAB ads.txt 1.1)', () => {
  const GOOD = [
    'google.com, pub-1234567890123456, DIRECT, f08c47fec0942fa0',
    'appnexus.com, 1234, reseller',
    'Example.COM ,  abc-123 ,Direct',
    '  # a whole-line comment',
    '',
    'google.com, pub-1, DIRECT # trailing comment',
    'google.com, pub-1, DIRECT, f08c47fec0942fa0;extension=data',
    'contact=ads@studio.example',
    'CONTACT=https://studio.example/contact',
    'inventorypartnerdomain=partner.example',
    'OwnerDomain=studio.example',
    'managerdomain=manager.example',
    'managerdomain=manager.example,US',
  ].join('\n');

  it.each(['app-ads.txt', 'ads.txt'])('%s takes records, comments, blank lines and variables', async (name) => {
    const saved = await ok<SiteFile>(put(name, GOOD));
    expect(saved).toMatchObject({ name, content: `${GOOD}\n` });
    expect(
      await ok<SiteFile>(ctx.app.inject({ url: `/api/admin/site-files/${name}`, headers: { cookie: ctx.admin } })),
    ).toMatchObject({ name, content: `${GOOD}\n` });
  });

  it('ads.txt takes subdomain=; app-ads.txt refuses it, naming the line', async () => {
    await ok(put('ads.txt', 'google.com, pub-1, DIRECT\nsubdomain=games.studio.example\n'));
    const body = expectInvalid(
      await put('app-ads.txt', 'google.com, pub-1, DIRECT\nsubdomain=games.studio.example\n'),
      'content',
      'Line 2: subdomain= is allowed in ads.txt only, not in app-ads.txt',
    );
    expect(body.message).toBe('Line 2: subdomain= is allowed in ads.txt only, not in app-ads.txt');
  });

  it.each([
    ['google.com, pub-1', 'Line 1: a record needs three fields'],
    ['google.com', 'Line 1: a record needs three fields'],
    ['hello world', 'Line 1: not a record (ad system domain, publisher id, DIRECT or RESELLER) nor a variable'],
    ['google.com, pub-1, DIRECT, f08c47fec0942fa0, extra', 'Line 1: has 5 fields; a record has at most 4'],
    [', pub-1, DIRECT', 'Line 1: the ad system’s domain (field 1) is empty'],
    ['google, pub-1, DIRECT', 'Line 1: "google" is not a domain'],
    ['https://google.com, pub-1, DIRECT', 'Line 1: "https://google.com" is not a domain'],
    ['goo_gle.com, pub-1, DIRECT', 'Line 1: "goo_gle.com" is not a domain'],
    ['google.com, , DIRECT', 'Line 1: the publisher id (field 2) is empty'],
    ['google.com, pub 1, DIRECT', 'Line 1: the publisher id "pub 1" (field 2) contains a space'],
    ['google.com, pub-1, ', 'Line 1: the relationship (field 3) is empty'],
    ['google.com, pub-1, PARTNER', 'Line 1: the relationship (field 3) must be DIRECT or RESELLER, not "PARTNER"'],
    ['google.com, pub-1, DIRECT, ', 'Line 1: the certification authority id (field 4) is empty'],
    ['google.com, pub-1, DIRECT, f08c/47', 'Line 1: the certification authority id "f08c/47" (field 4) may hold only'],
    ['foo=bar', 'Line 1: unknown variable "foo"'],
    ['contact=', 'Line 1: contact= needs a value'],
    ['ownerdomain=not a domain', 'Line 1: ownerdomain= needs a domain such as example.com, not "not a domain"'],
    ['inventorypartnerdomain=partner', 'Line 1: inventorypartnerdomain= needs a domain'],
    ['managerdomain=manager.example,USA', 'Line 1: managerdomain= takes a domain and, optionally, a two-letter'],
    ['managerdomain=,US', 'Line 1: managerdomain= needs a domain'],
    ['google.com, pub-\u0001, DIRECT', 'Line 1: contains a control character'],
    [`google.com, pub-${'1'.repeat(1000)}, DIRECT`, 'Line 1: is longer than 1000 characters'],
  ])('refuses %j: %s', async (line, reason) => {
    const body = expectInvalid(await put('app-ads.txt', line), 'content');
    expect(body.message.startsWith(reason), `${body.message} should start with ${reason}`).toBe(true);
    expect(body.issues).toHaveLength(1);
  });

  it('names every bad line, the first in the message; the file is left as it was', async () => {
    await ok(put('app-ads.txt', 'google.com, pub-1, DIRECT\n'));
    const body = expectInvalid(
      await put('app-ads.txt', '# ours\ngoogle.com, pub-1, DIRECT\ngoogle.com, pub-2, OWNER\n\nnot-a-record\r\n'),
      'content',
    );
    expect(body.message).toMatch(/^Line 3: /);
    expect(body.issues!.map((i) => i.message.split(':')[0])).toEqual(['Line 3', 'Line 5']);
    expect((await crawl('/app-ads.txt')).body).toBe('google.com, pub-1, DIRECT\n');
  });

  it('reports a hundred bad lines by number and counts the rest', async () => {
    const body = expectInvalid(await put('ads.txt', Array.from({ length: 150 }, () => 'junk').join('\n')), 'content');
    expect(body.issues).toHaveLength(101);
    expect(body.issues!.at(-1)!.message).toBe('50 more lines with problems');
  });

  it('refuses a file over 1 MB (a body that size is refused by the request limit before it)', async () => {
    const line = 'google.com, pub-1234567890, DIRECT\n';
    const big = line.repeat(Math.ceil((1024 * 1024) / line.length) + 10);
    expect(siteFileIssues('ads.txt', big)).toEqual([
      { path: 'content', message: 'ads.txt must be at most 1 MB (1,024 KB); this is 1,025 KB' },
    ]);
    expect(siteFileIssues('ads.txt', line.repeat(1000))).toEqual([]);
    expectError(await put('ads.txt', big), 413, 'PAYLOAD_TOO_LARGE');
  });

  it('refuses a body without text, and a file it does not know', async () => {
    expectInvalid(await put('ads.txt', 42), 'content');
    expectError(await put('sellers.json', ''), 404, 'NOT_FOUND');
    expectError(
      await ctx.app.inject({ url: '/api/admin/site-files/robots.txt', headers: { cookie: ctx.admin } }),
      404,
      'NOT_FOUND',
    );
  });

  it('is for staff: a User may write it, visitors may not', async () => {
    expectError(await put('ads.txt', '', ''), 401, 'UNAUTHENTICATED');
    expectError(await ctx.app.inject({ url: '/api/admin/site-files/ads.txt' }), 401, 'UNAUTHENTICATED');
    await ok(put('ads.txt', 'google.com, pub-9, RESELLER\n', ctx.editor));
  });
});

describe('what crawlers get at /app-ads.txt and /ads.txt', () => {
  it('serves the saved text as text/plain UTF-8 with 200, at once after a save', async () => {
    await ok(put('app-ads.txt', 'google.com, pub-1, DIRECT\r\n# Été'));
    const res = await crawl('/app-ads.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(res.body).toBe('google.com, pub-1, DIRECT\n# Été\n');

    await ok(put('app-ads.txt', 'appnexus.com, 77, RESELLER\n'));
    expect((await crawl('/app-ads.txt')).body).toBe('appnexus.com, 77, RESELLER\n');
  });

  it('answers 304 to a crawler that has this version', async () => {
    await ok(put('ads.txt', 'google.com, pub-3, DIRECT\n'));
    const first = await crawl('/ads.txt');
    const again = await crawl('/ads.txt', { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it('never redirects: a trailing slash and a query string get the file too', async () => {
    await ok(put('ads.txt', 'google.com, pub-4, DIRECT\n'));
    for (const url of ['/ads.txt', '/ads.txt/', '/ads.txt?crawler=1']) {
      const res = await crawl(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers.location, url).toBeUndefined();
      expect(res.body).toBe('google.com, pub-4, DIRECT\n');
    }
  });

  it.each(['app-ads.txt', 'ads.txt'])('%s answers 404 (plain text) when empty or only blank', async (name) => {
    for (const content of ['', '  \n\n\t']) {
      expect((await ok<SiteFile>(put(name, content))).content).toBe('');
      const res = await crawl(`/${name}`);
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers.location).toBeUndefined();
    }
  });

  it('robots.txt does not keep crawlers from them', async () => {
    const robots = (await crawl('/robots.txt')).body;
    for (const path of ['/ads.txt', '/app-ads.txt', '/.well-known/']) {
      const blocked = robots
        .split('\n')
        .filter((l) => /^disallow:/i.test(l))
        .map((l) => l.slice(9).trim())
        .filter((rule) => rule && path.startsWith(rule));
      expect(blocked, path).toEqual([]);
    }
  });
});

describe('the .well-known files made from the apps', () => {
  it('answer 404 (JSON) while no visible app supplies the data', async () => {
    // Apps with half the data (a team id but no bundle id, a package but no fingerprint) supply nothing.
    await createApp({ appleTeamId: 'ABCDE12345', googlePlayPackage: 'com.studio.half' });
    await createApp({ appleTeamId: 'ABCDE12345', appleBundleId: 'com.studio.hidden', isHidden: true });
    for (const url of ['/.well-known/apple-app-site-association', '/.well-known/assetlinks.json']) {
      const res = await crawl(url);
      expectError(res, 404, 'NOT_FOUND');
      expect(res.headers.location).toBeUndefined();
    }
  });

  it('apple-app-site-association lists each app with a team and bundle id, in both formats', async () => {
    const mine = await createApp({
      appleTeamId: 'abcde12345',
      appleBundleId: 'com.studio.tower',
      appLinkPaths: ['/apps/tower/*', '/blog'],
    });
    const plain = await createApp({ appleTeamId: 'ZZZZZ99999', appleBundleId: 'com.studio.plain' });
    await createApp({ appleTeamId: 'HIDDEN0000', appleBundleId: 'com.studio.secret', isHidden: true });

    for (const url of ['/.well-known/apple-app-site-association', '/.well-known/apple-app-site-association/']) {
      const res = await crawl(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.headers.location).toBeUndefined();
      expect(res.json()).toEqual({
        applinks: {
          apps: [],
          details: [
            {
              appIDs: ['ABCDE12345.com.studio.tower'],
              components: [{ '/': '/apps/tower/*' }, { '/': '/blog' }],
              appID: 'ABCDE12345.com.studio.tower',
              paths: ['/apps/tower/*', '/blog'],
            },
            {
              appIDs: ['ZZZZZ99999.com.studio.plain'],
              components: [{ '/': `/apps/${plain.slug}` }, { '/': `/apps/${plain.slug}/*` }],
              appID: 'ZZZZZ99999.com.studio.plain',
              paths: [`/apps/${plain.slug}`, `/apps/${plain.slug}/*`],
            },
          ],
        },
      });
    }

    // Hiding an app takes it out at once.
    await ok(
      ctx.app.inject({
        method: 'PUT',
        url: `/api/apps/${mine.id}`,
        headers: { cookie: ctx.admin },
        payload: { ...pick(mine), isHidden: true },
      }),
    );
    const after = (await crawl('/.well-known/apple-app-site-association')).json() as {
      applinks: { details: { appID: string }[] };
    };
    expect(after.applinks.details.map((d) => d.appID)).toEqual(['ZZZZZ99999.com.studio.plain']);
  });

  it('assetlinks.json has one statement per app with a package and fingerprints', async () => {
    await createApp({
      googlePlayPackage: 'com.studio.tower',
      androidFingerprints: [FINGERPRINT, FINGERPRINT.toLowerCase().replace(/^../, '00')],
    });
    await createApp({ googlePlayPackage: 'com.studio.secret', androidFingerprints: [FINGERPRINT], isHidden: true });
    const res = await crawl('/.well-known/assetlinks.json');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.json()).toEqual([
      {
        relation: ['delegate_permission/common.handle_all_urls'],
        target: {
          namespace: 'android_app',
          package_name: 'com.studio.tower',
          sha256_cert_fingerprints: [FINGERPRINT, `00${FINGERPRINT.slice(2)}`],
        },
      },
    ]);
  });

  it('refuses a fingerprint that is not 32 colon-separated hex pairs', async () => {
    for (const bad of [
      FINGERPRINT.slice(3),
      `${FINGERPRINT}A`,
      FINGERPRINT.replace(/:/g, '-'),
      FINGERPRINT.replace(/^../, 'GG'),
    ]) {
      const res = await ctx.send(
        'POST',
        '/api/apps',
        appInput({ title: 'Bad print', googlePlayPackage: 'com.studio.bad', androidFingerprints: [bad] }),
        ctx.admin,
      );
      expectInvalid(res, 'androidFingerprints.0');
    }
  });
});

/** The fields of an app its form sends back. */
function pick(app: App) {
  return {
    title: app.title,
    description: app.description,
    icon: app.icon,
    screenshots: app.screenshots,
  };
}
