// Island: an app's trailer behind a click-to-load facade. The page shows a poster (the app's own
// screenshot, served by the site) and a play link to the video's page; nothing is asked of the
// video host until the visitor presses play, and then the player is YouTube's privacy-enhanced
// one (youtube-nocookie.com) or Vimeo's with do-not-track. Without JavaScript the link opens the video.
import { useState } from 'react';
import { trailerEmbed, trailerPage } from '../../shared/schemas/apps';
import { MediaImage } from '../components/media-image';
import { trailerEn } from '../../shared/messages/en-islands';
import { useIslandT } from '../page-kit/messages';
import { SpriteIcon } from '../components/sprite-icon';

/** Its words in English, for a page that sends none (island.tsx). */
export const messages = trailerEn;

export interface TrailerProps {
  provider: 'youtube' | 'vimeo';
  id: string;
  title: string;
  /** The poster: one of the app's screenshots (never the host's thumbnail, which would be a third-party request). */
  poster: string | null;
}

export default function Trailer({ provider, id, title, poster }: TrailerProps) {
  const [playing, setPlaying] = useState(false);
  const t = useIslandT(messages);
  if (playing) {
    return (
      <div className="aspect-video overflow-hidden rounded-xl border bg-black shadow-sm">
        <iframe
          src={trailerEmbed({ provider, id })}
          title={t('trailer.title', { title })}
          className="size-full"
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
        />
      </div>
    );
  }
  return (
    <a
      href={trailerPage({ provider, id })}
      target="_blank"
      rel="noopener noreferrer"
      data-island-action=""
      data-track="trailer"
      onClick={(event) => {
        event.preventDefault();
        setPlaying(true);
      }}
      className="group relative block aspect-video overflow-hidden rounded-xl border bg-muted shadow-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background focus-visible:outline-none"
      data-testid="trailer-facade"
    >
      {poster && (
        <MediaImage
          src={poster}
          alt=""
          sizes="(min-width: 1024px) 48rem, 100vw"
          width={1280}
          height={720}
          loading="lazy"
          decoding="async"
          className="absolute inset-0 size-full object-cover opacity-80 transition-opacity group-hover:opacity-100"
        />
      )}
      <span className="absolute inset-0 bg-gradient-to-t from-black/70 via-black/10 to-transparent" />
      <span className="absolute inset-0 grid place-items-center">
        <span className="grid size-16 place-items-center rounded-full bg-primary text-primary-foreground shadow-lg transition-transform group-hover:scale-110 sm:size-20">
          <SpriteIcon name="play" className="ml-1 size-7 sm:size-9" />
        </span>
      </span>
      <span className="absolute bottom-3 left-4 text-sm font-medium text-white drop-shadow">
        {t('trailer.play', { title })}
        <span className="sr-only">{t('trailer.loads', { host: provider === 'youtube' ? 'YouTube' : 'Vimeo' })}</span>
      </span>
    </a>
  );
}
