// One way to show an image on public pages: an uploaded original becomes a <picture> with AVIF and
// WebP variants built from its URL alone (no extra data, no JavaScript); any other URL a plain <img>
// that swaps to a fallback when it is missing or fails to load.
import { createContext, useContext, useEffect, useRef, useState } from 'react';
import { responsiveImage } from '../../shared/responsive-image';

/** The alt text the studio wrote for its uploaded images, by URL: the server sends those the page shows. */
export const MediaAltContext = createContext<Record<string, string>>({});

/** An image that swaps to a fallback when its source is missing or fails to load. */
export function FallbackImage({
  src,
  fallback,
  ...props
}: { src?: string | null; fallback: string } & Omit<React.ComponentProps<'img'>, 'src'>) {
  const [failed, setFailed] = useState<string | null>(null);
  const ref = useRef<HTMLImageElement>(null);
  const current = src && failed !== src ? src : fallback;
  // An image that failed before hydration fired its error event before React listened.
  useEffect(() => {
    const img = ref.current;
    if (img && img.complete && img.naturalWidth === 0 && current !== fallback) setFailed(src ?? null);
  }, [current, fallback, src]);
  // On public pages (static HTML) the island loader makes the swap from data-fallback (islands/enhance.ts).
  return (
    <img
      {...props}
      ref={ref}
      src={current}
      data-fallback={current !== fallback ? fallback : undefined}
      onError={() => current !== fallback && setFailed(src ?? null)}
    />
  );
}

export type MediaImageProps = Omit<React.ComponentProps<'img'>, 'src' | 'width' | 'height' | 'sizes'> & {
  src?: string | null;
  /** Shown when `src` is empty or an external image fails. */
  fallback?: string;
  /** Size for external images (an uploaded image's own size comes from its URL). */
  width: number;
  height: number;
  /** How wide the image is shown, for the browser's choice of variant. */
  sizes: string;
  alt: string;
};

export function MediaImage({ src, fallback, sizes, width, height, ...img }: MediaImageProps) {
  const alts = useContext(MediaAltContext);
  // The library's alt text wins over the page's generic one; a decorative image (alt "") stays so.
  if (img.alt && src && alts[src]) img.alt = alts[src];
  const image = responsiveImage(src);
  if (!image) {
    if (fallback) return <FallbackImage src={src} fallback={fallback} width={width} height={height} {...img} />;
    return <img src={src ?? undefined} width={width} height={height} {...img} />;
  }
  // The <picture> lays out as if it were not there, so the classes on the <img> (its size, and not
  // shrinking in a flex row) hold wherever the image is placed.
  return (
    <picture className="contents">
      {image.sources.map((s) => (
        <source key={s.type} type={s.type} srcSet={s.srcSet} sizes={sizes} />
      ))}
      <img src={image.src} width={image.width} height={image.height} {...img} />
    </picture>
  );
}

/** Whether an uploaded image is taller than wide (external images are not known, so not). */
export function isPortrait(src: string | null | undefined): boolean {
  const image = responsiveImage(src);
  return image ? image.width < image.height : false;
}
