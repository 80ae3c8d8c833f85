// Responsive images from an uploaded original's URL alone: the AVIF srcset of its variants and its
// size (for <img> tags inside stored rich text, see responsive-rich-text.ts).
import { PAGE_FORMATS, parseMediaUrl, variantUrl, variantWidths, type VariantFormat } from './media';

export interface ImageSource {
  type: `image/${VariantFormat}`;
  srcSet: string;
}

export interface ResponsiveImage {
  /** The original (JPEG, PNG or GIF): what browsers without AVIF get. */
  src: string;
  width: number;
  height: number;
  /** The variants' srcsets, one per format a page offers (PAGE_FORMATS). */
  sources: ImageSource[];
}

/** The responsive form of an uploaded original's URL, or null for anything else (external, demo files). */
export function responsiveImage(url: string | null | undefined): ResponsiveImage | null {
  const parts = url ? parseMediaUrl(url) : null;
  if (!parts) return null;
  const widths = variantWidths(parts.width);
  return {
    src: url!,
    width: parts.width,
    height: parts.height,
    sources: PAGE_FORMATS.map((format) => ({
      type: `image/${format}` as const,
      srcSet: widths.map((w) => `${variantUrl(parts.hash, w, format)} ${w}w`).join(', '),
    })),
  };
}
