// The favicon set and web manifest (issue 11), made from the logo in Site Settings with sharp, or,
// without a logo, from the studio name's initial on its colour. Each file is made once per logo and
// name (cached until content changes); pages link them with `?v=<tag>`, so a new logo shows at once.
import type { FastifyReply, FastifyRequest } from 'fastify';
import sharp from 'sharp';
import type { SiteInfo } from '../../client/page-kit/site-context';
import { paths, api } from '../../shared/paths';
import type { SiteSettings } from '../../shared/schemas/site-settings';
import { contentTag } from '../../shared/share-image';
import { ContentCache } from '../lib/content-cache';
import { etagOf, notModified } from '../lib/etag';
import type { AppModule } from '../types';
import { FONT, hueOf } from './share-images';

const SIZES = [32, 180, 192, 512] as const;
type IconSize = (typeof SIZES)[number];
const ICON_CACHE_BYTES = 2 * 1024 * 1024;

/** Names the icons' content (the logo, or the name whose initial is drawn). */
export const iconTag = (site: Pick<SiteInfo, 'name' | 'logo'>) => contentTag(['icon-v1', site.logo ?? '', site.name]);

/** The initial on a rounded square in the name's colour (the header's mark, as an image). */
function initialSvg(name: string, size: number): Buffer {
  const hue = hueOf(name);
  const initial = [...name.trim()][0]?.toUpperCase() ?? '?';
  const escaped = initial.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 100 100">` +
      `<rect width="100" height="100" rx="22" fill="hsl(${hue},70%,50%)"/>` +
      `<text x="50" y="69" text-anchor="middle" font-family="${FONT}" font-size="60" font-weight="bold" fill="#fff">${escaped}</text></svg>`,
  );
}

export const siteIconsModule: AppModule = async (app, { deps }) => {
  const cache = new ContentCache<Buffer>(deps.content, { maxBytes: ICON_CACHE_BYTES, sizeOf: (b) => b.length });

  const readSite = async (): Promise<SiteInfo> => {
    const res = await app.inject({ method: 'GET', url: api.siteSettings });
    const settings = res.statusCode === 200 ? res.json<SiteSettings>() : undefined;
    return settings
      ? { ...settings, url: deps.config.siteUrl }
      : { name: deps.config.siteName, url: deps.config.siteUrl };
  };

  /** The logo's stored bytes (served by the media routes), or undefined when it cannot be read. */
  const logoBytes = async (logo: string): Promise<Buffer | undefined> => {
    const res = await app.inject({ method: 'GET', url: logo });
    return res.statusCode === 200 ? res.rawPayload : undefined;
  };

  async function draw(site: SiteInfo, size: IconSize): Promise<Buffer> {
    const logo = site.logo ? await logoBytes(site.logo) : undefined;
    // A logo is fitted into the square on a transparent ground (apple-touch icons get white: iOS
    // draws transparency black).
    const source = logo
      ? sharp(logo).resize(size, size, {
          fit: 'contain',
          background: size === 180 ? '#ffffff' : { r: 0, g: 0, b: 0, alpha: 0 },
        })
      : sharp(initialSvg(site.name, size), { density: Math.max(72, (72 * size) / 100) }).resize(size, size);
    const image = size === 180 ? source.flatten({ background: '#ffffff' }) : source;
    return image.png({ compressionLevel: 9 }).toBuffer();
  }

  const send = (request: FastifyRequest, reply: FastifyReply, body: Buffer, type: string) => {
    // Pages link these with ?v=<tag>: a changed logo is a new address, so a day's caching is safe.
    reply.header('cache-control', 'public, max-age=86400').header('x-content-type-options', 'nosniff');
    if (notModified(request, reply, etagOf(body))) return reply.send();
    return reply.type(type).send(body);
  };

  for (const size of SIZES) {
    app.get(paths.icon(size), async (request, reply) => {
      const ticket = cache.ticket();
      const site = await readSite();
      const key = `${iconTag(site)}-${size}`;
      let png = cache.get(key);
      if (!png) {
        png = await draw(site, size);
        cache.set(key, png, ticket);
      }
      return send(request, reply, png, 'image/png');
    });
  }

  app.get(paths.webManifest, async (request, reply) => {
    const site = await readSite();
    const v = `?v=${iconTag(site)}`;
    const manifest = {
      name: site.name,
      short_name: site.name.length > 12 ? [...site.name.trim()][0]! + site.name.trim().slice(1, 12) : site.name,
      description: site.tagline || undefined,
      start_url: '/',
      scope: '/',
      display: 'standalone',
      background_color: '#0a0a0a',
      theme_color: '#0a0a0a',
      icons: [192, 512].map((size) => ({
        src: `${paths.icon(size as IconSize)}${v}`,
        sizes: `${size}x${size}`,
        type: 'image/png',
        purpose: 'any',
      })),
    };
    return send(request, reply, Buffer.from(JSON.stringify(manifest)), 'application/manifest+json');
  });

  // Browsers that ask for /favicon.ico anyway get the site's icon.
  app.get('/favicon.ico', (_request, reply) => reply.redirect(paths.icon(32), 301));
};
