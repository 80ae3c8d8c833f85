// Island: an app page's screenshots, every one, as a row of thumbnails (portrait phone shots
// narrower than landscape ones) that opens a lightbox: a native modal <dialog> (the page is inert
// behind it, Escape closes it and the focus goes back to the thumbnail), with the arrow keys,
// Home and End, buttons and a swipe to move between shots. Without JavaScript the thumbnails are
// the whole gallery, shown in the page.
import { useId, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { MediaImage } from '../components/media-image';
import { buttonVariants } from '../components/ui/button';
import { cx as cn } from '../lib/cx';
import { galleryEn } from '../../shared/messages/en-islands';
import { useIslandT } from '../page-kit/messages';
import { SpriteIcon } from '../components/sprite-icon';

/** Its words in English, for a page that sends none (island.tsx). */
export const messages = galleryEn;

export interface GalleryShot {
  src: string;
  alt: string;
  portrait: boolean;
}

export interface ScreenshotGalleryProps {
  title: string;
  shots: GalleryShot[];
}

/** A horizontal move of at least this many pixels is a swipe. */
const SWIPE_PX = 40;

export default function ScreenshotGallery({ title, shots }: ScreenshotGalleryProps) {
  const titleId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const thumbs = useRef<(HTMLButtonElement | null)[]>([]);
  const swipe = useRef<{ x: number; y: number } | null>(null);
  const [index, setIndex] = useState<number | null>(null);
  const count = shots.length;
  const t = useIslandT(messages);

  const open = (i: number) => {
    setIndex(i);
    dialog.current?.showModal();
  };
  const go = (i: number) => setIndex((i + count) % count);
  const close = () => dialog.current?.close();

  const onKeyDown = (event: KeyboardEvent) => {
    if (index === null) return;
    const to = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: count - 1 }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    go(to);
  };
  const onPointerDown = (event: PointerEvent) => {
    swipe.current = { x: event.clientX, y: event.clientY };
  };
  const onPointerUp = (event: PointerEvent) => {
    const start = swipe.current;
    swipe.current = null;
    if (!start || index === null) return;
    const dx = event.clientX - start.x;
    if (Math.abs(dx) >= SWIPE_PX && Math.abs(dx) > Math.abs(event.clientY - start.y)) go(index + (dx < 0 ? 1 : -1));
  };

  const shown = index === null ? null : shots[index];
  return (
    <>
      <ul
        className="-mx-4 flex snap-x snap-mandatory gap-3 overflow-x-auto px-4 pb-3 sm:mx-0 sm:px-0"
        aria-label={t('gallery.list')}
      >
        {shots.map((shot, i) => (
          <li key={shot.src} className="relative shrink-0 snap-start">
            <button
              ref={(el) => {
                thumbs.current[i] = el;
              }}
              type="button"
              onClick={() => open(i)}
              aria-haspopup="dialog"
              className="block overflow-hidden rounded-xl border bg-muted shadow-sm transition-transform hover:scale-[1.02] focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background focus-visible:outline-none"
            >
              <MediaImage
                src={shot.src}
                alt={shot.alt}
                sizes={shot.portrait ? '11rem' : '(min-width: 640px) 28rem, 85vw'}
                width={shot.portrait ? 720 : 1280}
                height={shot.portrait ? 1280 : 720}
                loading={i < 2 ? 'eager' : 'lazy'}
                decoding="async"
                className={cn('block object-cover', shot.portrait ? 'h-80 w-auto' : 'h-48 w-auto sm:h-64')}
              />
              <span className="sr-only">{t('gallery.enlarge', { n: i + 1, count })}</span>
            </button>
          </li>
        ))}
      </ul>
      <dialog
        ref={dialog}
        aria-labelledby={titleId}
        onClose={() => {
          if (index !== null) thumbs.current[index]?.focus();
          setIndex(null);
        }}
        onKeyDown={onKeyDown}
        onClick={(event) => event.target === event.currentTarget && close()}
        className="m-auto h-full max-h-none w-full max-w-none bg-transparent p-0 text-white backdrop:bg-black/90"
        data-testid="lightbox"
      >
        <div
          className="flex h-full flex-col"
          onPointerDown={onPointerDown}
          onPointerUp={onPointerUp}
          onClick={(event) => event.target === event.currentTarget && close()}
        >
          <div className="flex items-center justify-between gap-4 p-3 sm:p-4">
            <h2 id={titleId} className="text-sm font-medium" aria-live="polite">
              {t('gallery.title', { title, n: (index ?? 0) + 1, count })}
            </h2>
            <button
              type="button"
              onClick={close}
              className={cn(buttonVariants({ variant: 'ghost', size: 'icon' }), 'text-white hover:bg-white/10')}
            >
              <SpriteIcon name="x" className="size-6" />
              <span className="sr-only">{t('gallery.close')}</span>
            </button>
          </div>
          <div
            className="relative flex min-h-0 flex-1 touch-pan-y items-center justify-center px-2 pb-6 sm:px-16"
            onClick={(event) => event.target === event.currentTarget && close()}
          >
            {shown && (
              <MediaImage
                key={shown.src}
                src={shown.src}
                alt={shown.alt}
                sizes="100vw"
                width={shown.portrait ? 720 : 1280}
                height={shown.portrait ? 1280 : 720}
                className="max-h-full max-w-full rounded-lg object-contain shadow-2xl select-none"
                draggable={false}
              />
            )}
            {count > 1 && (
              <>
                <button
                  type="button"
                  onClick={() => index !== null && go(index - 1)}
                  className="absolute top-1/2 left-2 grid size-11 -translate-y-1/2 place-items-center rounded-full bg-black/60 text-white hover:bg-black/80 focus-visible:ring-2 focus-visible:ring-white focus-visible:outline-none sm:left-4"
                >
                  <SpriteIcon name="chevron-left" className="size-6" />
                  <span className="sr-only">{t('gallery.previous')}</span>
                </button>
                <button
                  type="button"
                  onClick={() => index !== null && go(index + 1)}
                  className="absolute top-1/2 right-2 grid size-11 -translate-y-1/2 place-items-center rounded-full bg-black/60 text-white hover:bg-black/80 focus-visible:ring-2 focus-visible:ring-white focus-visible:outline-none sm:right-4"
                >
                  <SpriteIcon name="chevron-right" className="size-6" />
                  <span className="sr-only">{t('gallery.next')}</span>
                </button>
              </>
            )}
          </div>
        </div>
      </dialog>
    </>
  );
}
