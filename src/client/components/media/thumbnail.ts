// Which file of a media item the admin shows as its thumbnail.
import type { MediaItem } from '../../../shared/schemas/media';

/** The smallest WebP variant that still fills a card (about 320 px wide), else the original. */
export function thumbnailOf(item: MediaItem): string {
  const webp = item.variants.filter((v) => v.type === 'image/webp').sort((a, b) => a.width - b.width);
  return (webp.find((v) => v.width >= 320) ?? webp.at(-1))?.url ?? item.url;
}

/** A file name without its extension: the alt text an image gets when nobody wrote one. */
export const fileStem = (name: string) => name.replace(/\.[^./\\]+$/, '').trim();
