// The picture a shared link shows (og:image, twitter:image): an uploaded raster image big enough for
// the social networks, else a card the server draws (1200×630 PNG) at a URL that names its content.
import { parseMediaUrl } from './media';
import { paths } from './paths';

export interface ShareImage {
  url: string;
  type: 'image/png' | 'image/jpeg';
  width: number;
  height: number;
  alt: string;
}

/** The size social networks ask for (Open Graph, X's large card); generated cards are made at it. */
export const SHARE_CARD_WIDTH = 1200;
export const SHARE_CARD_HEIGHT = 630;
/** Bumped when the cards' design changes, so that their URLs change too. */
const CARD_DESIGN = 'v1';

/** What an app's card shows. */
export interface CardApp {
  id: number;
  title: string;
  description: string;
  icon: string;
}

/** An uploaded JPEG or PNG of at least 1200×630, or null (external URLs, GIFs, small images). */
export function uploadedShareImage(url: string | null | undefined, alt: string): ShareImage | null {
  const image = chosenShareImage(url, alt);
  return image && image.width >= SHARE_CARD_WIDTH && image.height >= SHARE_CARD_HEIGHT ? image : null;
}

/** FNV-1a, 32 bits, as 8 hex digits: names a card's content in its URL (not a security measure). */
export function contentTag(parts: readonly string[]): string {
  let h = 0x811c9dc5;
  for (const ch of parts.join('\u0000')) {
    h ^= ch.codePointAt(0)!;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, '0');
}

const card = (url: string, alt: string): ShareImage => ({
  url,
  type: 'image/png',
  width: SHARE_CARD_WIDTH,
  height: SHARE_CARD_HEIGHT,
  alt,
});

/** An app's icon drawn on its card: only an uploaded one (external images are not fetched). */
export const cardIcon = (icon: string) => (parseMediaUrl(icon) ? icon : '');

export function studioCard(siteName: string): ShareImage {
  return card(paths.shareCard('site', 'studio', contentTag([CARD_DESIGN, siteName])), siteName);
}

/** Share images' alt texts in the page's language (the message keys share.*). */
export interface ShareWords {
  appBy: (app: string, site: string) => string;
  screenshotOf: (app: string) => string;
}

export const ENGLISH_SHARE_WORDS: ShareWords = {
  appBy: (app, site) => `${app} by ${site}`,
  screenshotOf: (app) => `Screenshot of ${app}`,
};

export function appCard(siteName: string, app: CardApp, words: ShareWords = ENGLISH_SHARE_WORDS): ShareImage {
  const tag = contentTag([CARD_DESIGN, siteName, app.title, app.description, cardIcon(app.icon)]);
  return card(paths.shareCard('app', app.id, tag), words.appBy(app.title, siteName));
}

/**
 * A picture staff chose as a page's share image: any uploaded JPEG or PNG (they picked it, whatever
 * its size), else null.
 */
export function chosenShareImage(url: string | null | undefined, alt: string): ShareImage | null {
  const parts = url ? parseMediaUrl(url) : null;
  if (!parts || parts.ext === 'gif') return null;
  return {
    url: url!,
    type: parts.ext === 'png' ? 'image/png' : 'image/jpeg',
    width: parts.width,
    height: parts.height,
    alt,
  };
}

/**
 * An app's share image: the one staff chose, else its first screenshot that is wide and big enough
 * (link previews crop a portrait screenshot to a strip of it), else its card.
 */
export function appShareImage(
  siteName: string,
  app: CardApp & { screenshots: string[]; shareImage?: string | null },
  words: ShareWords = ENGLISH_SHARE_WORDS,
): ShareImage {
  const chosen = chosenShareImage(app.shareImage, words.appBy(app.title, siteName));
  if (chosen) return chosen;
  for (const shot of app.screenshots) {
    const image = uploadedShareImage(shot, words.screenshotOf(app.title));
    if (image && image.width > image.height) return image;
  }
  return appCard(siteName, app, words);
}
