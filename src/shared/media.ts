// Uploaded images' URLs: content-addressed, so a page can build a srcset from an original's URL alone.
//   original (JPEG, PNG or GIF): /media/{hash}/{width}x{height}.{ext}
//   variants (WebP and AVIF):    /media/{hash}/{width}w.{webp|avif}
// `hash` is the first 16 hex characters of the SHA-256 of the uploaded bytes.

/** Widths variants are made at (never wider than the image). */
export const VARIANT_WIDTHS = [320, 640, 1280, 1920] as const;
export const MAX_VARIANT_WIDTH = 1920;
export type VariantFormat = 'webp' | 'avif';
export const VARIANT_FORMATS: readonly VariantFormat[] = ['avif', 'webp'];
/**
 * The variants a page offers: AVIF, which every current browser decodes, then the original for the
 * rest. WebP variants are still made, for share images and the admin's thumbnails (decision 130).
 */
export const PAGE_FORMATS: readonly VariantFormat[] = ['avif'];

export interface MediaUrlParts {
  hash: string;
  width: number;
  height: number;
  ext: string;
}

const ORIGINAL_URL = /^\/media\/([0-9a-f]{16})\/([1-9]\d{0,5})x([1-9]\d{0,5})\.(jpg|png|gif)$/;

/** The parts of an uploaded original's URL, or null for anything else (external URLs, demo files, variants). */
export function parseMediaUrl(url: string): MediaUrlParts | null {
  const match = ORIGINAL_URL.exec(url);
  if (!match) return null;
  return { hash: match[1]!, width: Number(match[2]), height: Number(match[3]), ext: match[4]! };
}

/** The widths an image `width` pixels wide has variants at: the ladder below it, and itself up to 1920. */
export function variantWidths(width: number): number[] {
  if (!Number.isInteger(width) || width < 1) return [];
  const top = Math.min(width, MAX_VARIANT_WIDTH);
  return [...VARIANT_WIDTHS.filter((w) => w < top), top];
}

export function variantUrl(hash: string, width: number, format: VariantFormat): string {
  return `/media/${hash}/${width}w.${format}`;
}

export function originalUrl(hash: string, width: number, height: number, ext: string): string {
  return `/media/${hash}/${width}x${height}.${ext}`;
}

/** The folder every file of one media item lives under (its URLs all start with it). */
export function mediaFolder(hash: string): string {
  return `/media/${hash}/`;
}
