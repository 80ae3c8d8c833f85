// Generated share images (og:image) for pages without a big enough picture of their own: a studio
// card and one card per app, drawn with sharp from an SVG at 1200×630 PNG. A card's URL names its
// content (/og/app/3-1a2b3c4d.png), so it is cached for a year; each is drawn once and kept in a
// byte-bounded LRU that empties when content changes. Text uses the machine's fonts (fontconfig).
import sharp, { type OverlayOptions } from 'sharp';
import { parseMediaUrl, variantUrl, variantWidths } from '../../shared/media';
import { api } from '../../shared/paths';
import type { App } from '../../shared/schemas/apps';
import {
  appCard,
  cardIcon,
  SHARE_CARD_HEIGHT as H,
  SHARE_CARD_WIDTH as W,
  studioCard,
  type ShareImage,
} from '../../shared/share-image';
import { notModified } from '../lib/etag';
import type { AppModule } from '../types';

/** Cards kept in memory (each is 20–200 KB). */
export const SHARE_CACHE_BYTES = 8 * 1024 * 1024;
const ICON_SIZE = 240;
export const FONT = "'DejaVu Sans', 'Liberation Sans', Arial, sans-serif";

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Words in lines of at most `width` characters, at most `lines` of them (the last with an ellipsis). */
export function wrapText(text: string, width: number, lines: number): string[] {
  const out: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (next.length <= width) {
      line = next;
      continue;
    }
    if (line) out.push(line);
    line = word.length > width ? `${word.slice(0, width - 1)}…` : word;
    if (out.length === lines) break;
  }
  if (line && out.length < lines) out.push(line);
  if (out.length === lines && out.join(' ').length < text.trim().replace(/\s+/g, ' ').length) {
    out[lines - 1] = `${out[lines - 1]!.replace(/[\s.,;:!?…]*$/, '').slice(0, width - 1)}…`;
  }
  return out;
}

/** A hue (0–359) from a name: each app gets its own colour, the same every time. */
export const hueOf = (name: string) => [...name].reduce((h, c) => (h * 31 + c.charCodeAt(0)) % 360, 7);

function background(hue: number): string {
  return `<defs>
  <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="hsl(${hue},45%,14%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360},55%,8%)"/>
  </linearGradient>
  <radialGradient id="glow" cx="0.85" cy="0.1" r="0.7">
    <stop offset="0" stop-color="hsl(${hue},85%,60%)" stop-opacity="0.45"/><stop offset="1" stop-color="hsl(${hue},85%,60%)" stop-opacity="0"/>
  </radialGradient>
</defs>
<rect width="${W}" height="${H}" fill="url(#bg)"/>
<rect width="${W}" height="${H}" fill="url(#glow)"/>
<circle cx="${W - 90}" cy="${H - 60}" r="170" fill="none" stroke="hsl(${hue},80%,70%)" stroke-opacity="0.12" stroke-width="28"/>
<circle cx="${W - 40}" cy="90" r="60" fill="hsl(${hue},80%,70%)" fill-opacity="0.10"/>
<rect x="0" y="${H - 14}" width="${W}" height="14" fill="hsl(${hue},85%,60%)"/>`;
}

const lines = (items: string[], x: number, y: number, step: number, attrs: string) =>
  items.map((t, i) => `<text x="${x}" y="${y + i * step}" ${attrs}>${xml(t)}</text>`).join('');

export interface CardContent {
  siteName: string;
  /** Absent: the studio's card. */
  app?: { title: string; description: string };
  /** The app's icon, any format sharp reads. */
  icon?: Buffer;
}

/** Draws a card: 1200×630 PNG. */
export async function drawCard({ siteName, app, icon }: CardContent): Promise<Buffer> {
  if (!app) {
    const hue = hueOf(siteName);
    const name = wrapText(siteName, 22, 2);
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">${background(hue)}
${lines(name, 90, name.length > 1 ? 270 : 330, 96, `font-family="${FONT}" font-size="84" font-weight="bold" fill="#fff"`)}
<text x="92" y="${name.length > 1 ? 460 : 410}" font-family="${FONT}" font-size="34" fill="hsl(${hue},70%,78%)">Games &amp; apps</text></svg>`;
    return sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: false }).toBuffer();
  }
  const hue = hueOf(app.title);
  const textX = 90 + ICON_SIZE + 60;
  const width = 26;
  const title = wrapText(app.title, width - 6, 2);
  const description = wrapText(app.description, width + 12, 3);
  const top = 200 - (title.length - 1) * 36;
  const initial = xml([...app.title.trim()][0]?.toUpperCase() ?? '?');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">${background(hue)}
<rect x="90" y="${(H - ICON_SIZE) / 2}" width="${ICON_SIZE}" height="${ICON_SIZE}" rx="52" fill="hsl(${hue},70%,55%)"/>
${icon ? '' : `<text x="${90 + ICON_SIZE / 2}" y="${H / 2 + 48}" text-anchor="middle" font-family="${FONT}" font-size="140" font-weight="bold" fill="#fff">${initial}</text>`}
${lines(title, textX, top, 76, `font-family="${FONT}" font-size="66" font-weight="bold" fill="#fff"`)}
${lines(description, textX, top + title.length * 76 + 10, 42, `font-family="${FONT}" font-size="30" fill="hsl(${hue},25%,82%)"`)}
<text x="${textX}" y="${H - 70}" font-family="${FONT}" font-size="28" font-weight="bold" fill="hsl(${hue},80%,72%)">${xml(siteName)}</text></svg>`;
  const composites: OverlayOptions[] = [];
  if (icon) {
    const mask = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${ICON_SIZE}" height="${ICON_SIZE}"><rect width="${ICON_SIZE}" height="${ICON_SIZE}" rx="52"/></svg>`,
    );
    const rounded = await sharp(icon)
      .resize(ICON_SIZE, ICON_SIZE, { fit: 'cover' })
      .composite([{ input: mask, blend: 'dest-in' }])
      .png()
      .toBuffer();
    composites.push({ input: rounded, left: 90, top: (H - ICON_SIZE) / 2 });
  }
  return sharp(Buffer.from(svg)).composite(composites).png({ compressionLevel: 9 }).toBuffer();
}

const FILE = /^(studio|[1-9]\d{0,9})-([0-9a-f]{8})\.png$/;

export const shareImagesModule: AppModule = async (app, { deps }) => {
  const settings = deps.repos.siteSettings;
  const cache = deps.caches.shareImages;

  /** Reads through the public API in-process, as the page render does. */
  const read = async (url: string) => {
    const res = await app.inject({ method: 'GET', url });
    return res.statusCode === 200 ? res : null;
  };

  /** The app's icon, from the variant nearest the size it is drawn at (uploaded icons only). */
  async function iconBytes(icon: string): Promise<Buffer | undefined> {
    const parts = parseMediaUrl(cardIcon(icon));
    if (!parts) return undefined;
    const widths = variantWidths(parts.width);
    const width = widths.find((w) => w >= ICON_SIZE) ?? widths.at(-1)!;
    // From whichever storage holds it (a file in the object store is a redirect through the API).
    return (await deps.mediaStorage.readFile(variantUrl(parts.hash, width, 'webp')).catch(() => null)) ?? undefined;
  }

  app.get<{ Params: { kind: string; file: string } }>('/og/:kind/:file', async (request, reply) => {
    const { kind, file } = request.params;
    const match = FILE.exec(file);
    const notFound = () => reply.code(404).send({ message: 'Image not found', code: 'NOT_FOUND' });
    if (!match || (kind === 'site') !== (match[1] === 'studio') || (kind !== 'site' && kind !== 'app')) {
      return notFound();
    }
    const ticket = cache.ticket();
    const site = await settings.get();
    let card: ShareImage;
    let draw: () => Promise<Buffer>;
    if (kind === 'site') {
      card = studioCard(site.name);
      draw = () => drawCard({ siteName: site.name });
    } else {
      const res = await read(api.app(match[1]!));
      if (!res) return notFound();
      const found = res.json<App>();
      card = appCard(site.name, found);
      draw = async () => drawCard({ siteName: site.name, app: found, icon: await iconBytes(found.icon) });
    }
    // An older card of this app (its title or icon changed since it was shared): the current one.
    if (card.url !== request.url.split('?')[0])
      return reply.header('cache-control', 'no-cache').redirect(card.url, 301);

    const etag = `"${match[2]}"`;
    reply.header('cache-control', 'public, max-age=31536000, immutable').header('x-content-type-options', 'nosniff');
    if (notModified(request, reply, etag)) return reply.send();
    let png = cache.get(card.url);
    if (!png) {
      png = await draw();
      cache.set(card.url, png, ticket);
    }
    return reply.type('image/png').send(png);
  });
};
