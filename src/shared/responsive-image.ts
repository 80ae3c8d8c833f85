// Responsive images from an uploaded original's URL alone: the AVIF and WebP srcsets of its
// variants and its size (for <img> tags inside stored rich text, see responsive-rich-text.ts).
import { parseMediaUrl, VARIANT_FORMATS, variantUrl, variantWidths, type VariantFormat } from './media';

export interface ImageSource {
  type: `image/${VariantFormat}`;
  srcSet: string;
}

export interface ResponsiveImage {
  /** The original (JPEG, PNG or GIF): what browsers without AVIF or WebP get. */
  src: string;
  width: number;
  height: number;
  /** AVIF first (smallest), then WebP. */
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
    sources: VARIANT_FORMATS.map((format) => ({
      type: `image/${format}` as const,
      srcSet: widths.map((w) => `${variantUrl(parts.hash, w, format)} ${w}w`).join(', '),
    })),
  };
}
