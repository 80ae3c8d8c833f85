// <img> tags of uploaded images inside stored rich text (posts, pages) made responsive. Its own
// module so that only the pages that show rich text load it, not every page's first script.
import { responsiveImage } from './responsive-image';

/** Rich text is at most the reading column wide (about 70 characters at prose-lg). */
export const RICH_TEXT_SIZES = '(min-width: 48rem) 46rem, 100vw';

const IMG_TAG = /<img\b([^>]*?)\s*\/?>/gi;
const attr = (attrs: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(attrs)?.[1];

/**
 * Rewrites each `<img src="/media/…">` of an uploaded original in sanitised HTML into a <picture>
 * with AVIF and WebP sources, its width and height (no layout shift) and lazy loading. Other
 * images and everything else are left as they are. Attributes are double-quoted (sanitize-html).
 */
export function responsiveRichText(html: string, sizes = RICH_TEXT_SIZES): string {
  if (!html.includes('/media/')) return html;
  return html.replace(IMG_TAG, (tag, attrs: string) => {
    const image = responsiveImage(attr(attrs, 'src'));
    if (!image) return tag;
    let rest = attrs;
    if (!attr(rest, 'width') && !attr(rest, 'height')) rest += ` width="${image.width}" height="${image.height}"`;
    if (!attr(rest, 'loading')) rest += ' loading="lazy"';
    if (!attr(rest, 'decoding')) rest += ' decoding="async"';
    const sources = image.sources
      .map((s) => `<source type="${s.type}" srcset="${s.srcSet}" sizes="${sizes}">`)
      .join('');
    return `<picture>${sources}<img${rest}></picture>`;
  });
}
