// Site settings: the contract, who may write them, and that every public surface shows them at once
// (header, title, footer, feeds, JSON-LD, share card, favicons and manifest), and social links.
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, staffSessions, type TestContext } from '../../../../tests/setup/test-app';
import { uploadMedia } from '../../../../tests/setup/api';
import { contactInfo, socialMediaLinks } from '../../db/schema';
import { productionWeb } from '../../ssr/web';
import type { MediaItem } from '../../../shared/schemas/media';
import { siteSettingsRepo } from './site-settings.repo';

let ctx: TestContext;
let editor: string;

beforeAll(async () => {
  ctx = await createTestApp({ siteName: 'Configured Name' }, { web: productionWeb() });
  ({ editor } = await staffSessions(ctx));
});

const put = (payload: Record<string, unknown>, cookie: string | null = editor) =>
  ctx.app.inject({ method: 'PUT', url: '/api/site-settings', headers: cookie ? { cookie } : {}, payload });

async function uploadImage(width: number, height: number, colour: string): Promise<MediaItem> {
  const data = await sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
  return uploadMedia(ctx.app, editor, `${colour.slice(1)}.png`, data);
}

describe('site settings', () => {
  it('reads the configured name until the settings are first written, and the first run keeps it', async () => {
    const res = await ctx.app.inject({ url: '/api/site-settings' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      name: 'Configured Name',
      tagline: '',
      logo: null,
      footerText: '',
      shareImage: null,
      siteUrl: ctx.config.siteUrl,
      updatedAt: null,
      // One language until staff add others (issue 24).
      locales: [{ code: 'en', name: 'English', isDefault: true, dir: 'ltr' }],
    });
    const repo = siteSettingsRepo(ctx.database.db, ctx.config, ctx.app.deps.now);
    expect(await repo.ensure()).toBe(true);
    expect(await repo.ensure()).toBe(false);
    expect((await repo.get()).name).toBe('Configured Name');
  });

  it('is written by staff only', async () => {
    expect((await put({ name: 'X' }, null)).statusCode).toBe(401);
  });

  it('refuses bad input with the field and a readable reason', async () => {
    const res = await put({ name: '  ', logo: 'https://elsewhere.example/logo.png', tagline: 'x'.repeat(161) });
    expect(res.statusCode).toBe(422);
    const paths = (res.json().issues as { path: string; message: string }[]).map((i) => i.path).sort();
    expect(paths).toEqual(['logo', 'name', 'tagline']);
    expect(res.json().issues).toContainEqual({ path: 'name', message: 'Studio name is required' });

    const missing = await put({ name: 'Studio', logo: '/media/0000000000000000-10x10.png' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().issues).toEqual([{ path: 'logo', message: 'Choose an image from the media library' }]);

    const small = await uploadImage(300, 200, '#123456');
    const tooSmall = await put({ name: 'Studio', shareImage: small.url });
    expect(tooSmall.statusCode).toBe(422);
    expect(tooSmall.json().issues[0].path).toBe('shareImage');
  });

  it('shows a new name, tagline, footer text and logo on every public surface at once', async () => {
    // Pages are cached: read them first so the change must drop them.
    expect((await ctx.app.inject({ url: '/about' })).body).toContain('Configured Name');
    const logo = await uploadImage(256, 256, '#ff0000');
    const share = await uploadImage(1200, 630, '#00ff00');
    const res = await put({
      name: 'Moonlit Games',
      tagline: 'Tiny worlds for pockets',
      footerText: 'Made in Porto by four people.',
      logo: logo.url,
      shareImage: share.url,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Moonlit Games', logo: logo.url, shareImage: share.url });

    const page = (await ctx.app.inject({ url: '/about' })).body;
    expect(page).toContain('<title>About Us | Moonlit Games</title>');
    expect(page).not.toContain('Configured Name');
    expect(page).toContain(`<img src="${logo.url}"`);
    expect(page).toContain('Made in Porto by four people.');
    expect(page.replaceAll('<!-- -->', '')).toMatch(/© \d{4} Moonlit Games/);
    expect(page).toContain(`<meta property="og:site_name" content="Moonlit Games">`);
    expect(page).toContain(`<meta property="og:image" content="${ctx.config.siteUrl}${share.url}">`);

    const home = (await ctx.app.inject({ url: '/' })).body;
    const ld = [...home.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => m[1]!);
    expect(ld.join('')).toContain('Moonlit Games');

    const rss = (await ctx.app.inject({ url: '/rss.xml' })).body;
    expect(rss).toContain('<title>Moonlit Games blog</title>');

    const notFound = await ctx.app.inject({ url: '/no-such-page' });
    expect(notFound.statusCode).toBe(404);
    expect(notFound.body).toContain('Moonlit Games');
  });

  it('makes the favicon set and manifest from the logo, and from the initial without one', async () => {
    const page = (await ctx.app.inject({ url: '/' })).body;
    const icon = /<link rel="icon" href="(\/favicon-32\.png\?v=[0-9a-f]{8})"/.exec(page)?.[1];
    expect(icon).toBeDefined();
    for (const [url, size] of [
      ['/favicon-32.png', 32],
      ['/apple-touch-icon.png', 180],
      ['/icon-192.png', 192],
      ['/icon-512.png', 512],
    ] as const) {
      const res = await ctx.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      const meta = await sharp(res.rawPayload).metadata();
      expect([meta.width, meta.height]).toEqual([size, size]);
    }
    // The logo is red: the middle of the icon is too.
    const { data } = await sharp((await ctx.app.inject({ url: '/icon-192.png' })).rawPayload)
      .extract({ left: 96, top: 96, width: 1, height: 1 })
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([data[0], data[1], data[2]]).toEqual([255, 0, 0]);

    const manifest = await ctx.app.inject({ url: '/site.webmanifest' });
    expect(manifest.headers['content-type']).toContain('application/manifest+json');
    expect(manifest.json()).toMatchObject({ name: 'Moonlit Games', start_url: '/', display: 'standalone' });
    expect(manifest.json().icons.map((i: { sizes: string }) => i.sizes)).toEqual(['192x192', '512x512']);
    expect((await ctx.app.inject({ url: '/favicon.ico' })).headers.location).toBe('/favicon-32.png');

    // Without a logo: the initial, and a new address so browsers fetch it again.
    expect((await put({ name: 'Moonlit Games', logo: null })).statusCode).toBe(200);
    const after = (await ctx.app.inject({ url: '/' })).body;
    const iconAfter = /<link rel="icon" href="(\/favicon-32\.png\?v=[0-9a-f]{8})"/.exec(after)?.[1];
    expect(iconAfter).not.toBe(icon);
    expect(after).not.toContain('<img src="/media/');
    const plain = await sharp((await ctx.app.inject({ url: '/icon-192.png' })).rawPayload)
      .extract({ left: 4, top: 96, width: 1, height: 1 })
      .raw()
      .toBuffer();
    expect([plain[0], plain[1], plain[2]]).not.toEqual([255, 0, 0]);
  });

  it('keeps an image in use by the settings from being deleted', async () => {
    const logo = await uploadImage(64, 64, '#0000ff');
    expect((await put({ name: 'Moonlit Games', logo: logo.url })).statusCode).toBe(200);
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/admin/media/${logo.id}`,
      headers: { cookie: editor },
    });
    expect(res.statusCode).toBe(409);
  });
});

describe('social links on public pages', () => {
  it('shows visible links in their order in the footer and contact panel, hidden ones not, each address once', async () => {
    await ctx.database.db.insert(contactInfo).values({
      email: 'hi@moonlit.example',
      twitterLink: 'https://x.com/moonlit',
      githubLink: 'https://github.com/moonlit',
    });
    await ctx.database.db.insert(socialMediaLinks).values([
      { name: 'Our Discord', url: 'https://discord.gg/moonlit', icon: 'FaDiscord', order: 2 },
      { name: 'YouTube channel', url: 'https://youtube.com/@moonlit', icon: 'FaYoutube', order: 1 },
      { name: 'Secret Reddit', url: 'https://reddit.com/r/moonlit', icon: 'FaReddit', isVisible: false },
      { name: 'GitHub again', url: 'https://GitHub.com/moonlit/', icon: 'FaGithub', order: 3 },
    ]);
    await put({ name: 'Moonlit Games', tagline: 'x' }); // drops the page cache
    for (const url of ['/', '/contact']) {
      const html = (await ctx.app.inject({ url })).body;
      const footer = html.slice(html.indexOf('<footer'));
      const names = (part: string) =>
        [...part.matchAll(/<span class="sr-only">([^<]+) \(opens in a new tab\)<\/span>/g)].map((m) => m[1]);
      expect(names(footer)).toEqual(['X (Twitter)', 'GitHub', 'YouTube channel', 'Our Discord']);
      expect(html).not.toContain('reddit.com/r/moonlit');
      expect(footer).toContain('/icons.svg#discord');
      if (url === '/contact') {
        const panel = html.slice(html.indexOf('id="contact-info-title"'), html.indexOf('</aside>'));
        expect(names(panel)).toEqual(['X (Twitter)', 'GitHub', 'YouTube channel', 'Our Discord']);
      }
    }
    const sprite = (await ctx.app.inject({ url: '/icons.svg' })).body;
    for (const id of ['discord', 'youtube', 'reddit', 'behance']) expect(sprite).toContain(`<symbol id="${id}"`);
  });
});
