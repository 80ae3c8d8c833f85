import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import type { App, AppLinkField } from '../../../shared/schemas/apps';
import type { SpriteIconName } from '../../../shared/icons';
import { isPortrait, MediaImage, type MediaImageProps } from '../../components/media-image';
import { SpriteIcon } from '../../components/sprite-icon';
import { buttonVariants } from '../../components/ui/button';
import { Skeleton, SkeletonLines } from '../../components/ui/skeleton';
import { cx as cn } from '../../lib/cx';
import { StatusBadge } from './status-badge';

export const DEFAULT_SCREENSHOT = '/media/demo/default-screenshot.svg';
export const DEFAULT_ICON = '/media/demo/default-icon.svg';
/** An app's icon shown `size` CSS pixels wide (the default icon where it has none), named "<title> icon" unless `decorative`. */
export function AppIcon({
  app,
  size,
  decorative = false,
  ...img
}: { app: Pick<App, 'icon' | 'title'>; size: number; decorative?: boolean } & Omit<
  MediaImageProps,
  'src' | 'fallback' | 'sizes' | 'alt' | 'width' | 'height'
>) {
  return (
    <MediaImage
      src={app.icon}
      fallback={DEFAULT_ICON}
      sizes={`${size}px`}
      alt={decorative ? '' : `${app.title} icon`}
      width={size}
      height={size}
      {...img}
    />
  );
}

/** The home grid: one column, two from sm, three from lg in a 72rem container. */
const SCREENSHOT_SIZES = '(min-width: 1024px) 23rem, (min-width: 640px) 50vw, 100vw';

export { FallbackImage } from '../../components/media-image';

const LINKS: { field: AppLinkField; label: string; icon: SpriteIconName }[] = [
  { field: 'googlePlayLink', label: 'Get it on Google Play', icon: 'google-play' },
  { field: 'appStoreLink', label: 'Download on the App Store', icon: 'app-store' },
  { field: 'webAppLink', label: 'Play in browser', icon: 'globe' },
  { field: 'githubRepoLink', label: 'GitHub repository', icon: 'github' },
  { field: 'twitterLink', label: 'X (Twitter)', icon: 'x-twitter' },
  { field: 'instagramLink', label: 'Instagram', icon: 'instagram' },
  { field: 'facebookLink', label: 'Facebook', icon: 'facebook' },
];

/** Icon link with a CSS tooltip (hover and keyboard focus), so no tooltip library is downloaded here. */
function IconLink({
  href,
  label,
  icon,
  newTab = ' (opens in a new tab)',
}: {
  href: string;
  label: string;
  icon: SpriteIconName;
  /** What a screen reader hears after the name, in the page's language. */
  newTab?: string;
}) {
  return (
    <span className="group/tip relative inline-flex">
      <a
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={`${label}${newTab}`}
        className={cn(
          buttonVariants({ variant: 'ghost', size: 'iconSm' }),
          'text-muted-foreground hover:text-foreground',
        )}
      >
        <SpriteIcon name={icon} className="size-[18px]" />
      </a>
      <span
        aria-hidden="true"
        className="pointer-events-none absolute bottom-full left-1/2 z-20 mb-1 -translate-x-1/2 rounded-md bg-foreground px-2 py-1 text-xs whitespace-nowrap text-background opacity-0 shadow transition-opacity delay-0 group-hover/tip:opacity-100 group-hover/tip:delay-700 group-focus-within/tip:opacity-100"
      >
        {label}
      </span>
    </span>
  );
}

/** The card's words: a public page gives its language's (English by default). */
export interface AppCardWords {
  status: string;
  /** The screenshot's alt text ('Screenshot of Lantern Drift'). */
  screenshot: string;
  blogPosts: string;
  /** The link icons' names, where they are words. */
  links: Partial<Record<AppLinkField, string>>;
  /** What follows a link's name: ' (opens in a new tab)'. */
  newTab: string;
}

export function AppCard({
  app,
  postCount,
  eager = false,
  priority = false,
  words,
}: {
  app: App;
  postCount: number;
  words?: AppCardWords;
  /** In the first screenful: loaded at once rather than when scrolled near. */
  eager?: boolean;
  /** The page's largest first image (LCP): fetched before others. */
  priority?: boolean;
}) {
  const links = LINKS.filter((l) => app[l.field]);
  const shot = app.screenshots[0];
  const portrait = isPortrait(shot);
  return (
    <article
      className="group flex flex-col overflow-hidden rounded-xl border bg-card text-card-foreground shadow-sm transition-[transform,box-shadow] duration-200 hover:-translate-y-0.5 hover:shadow-lg"
      data-testid="app-card"
    >
      <div className="relative">
        {/* 16:9 whatever the shot: portrait phone shots are shown whole on a blurred copy of themselves.
            It opens the app's page too (the title's link is the one the keyboard reaches). */}
        <a href={paths.app(app.slug)} tabIndex={-1} className="relative block aspect-video overflow-hidden bg-muted">
          {portrait && (
            <MediaImage
              src={shot}
              sizes="64px"
              alt=""
              aria-hidden="true"
              width={1}
              height={1}
              loading="lazy"
              decoding="async"
              className="absolute inset-0 size-full scale-110 object-cover opacity-60 blur-xl"
            />
          )}
          <MediaImage
            src={shot}
            fallback={DEFAULT_SCREENSHOT}
            sizes={portrait ? '(min-width: 1024px) 7rem, (min-width: 640px) 15vw, 30vw' : SCREENSHOT_SIZES}
            alt={words?.screenshot ?? `Screenshot of ${app.title}`}
            width={1280}
            height={720}
            loading={eager ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : undefined}
            decoding="async"
            className={cn('relative size-full', portrait ? 'object-contain drop-shadow-lg' : 'object-cover')}
          />
        </a>
        <AppIcon
          app={app}
          size={64}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          className="absolute -bottom-8 left-5 size-16 rounded-full border-4 border-card bg-muted object-cover shadow-md"
        />
      </div>
      <div className="flex flex-1 flex-col gap-3 px-5 pt-10 pb-5">
        <div className="flex items-start justify-between gap-3">
          <h3 className="text-lg leading-tight font-semibold">
            <a href={paths.app(app.slug)} className="hover:text-primary focus-visible:underline">
              {app.title}
            </a>
          </h3>
          <StatusBadge status={app.status} label={words?.status} />
        </div>
        <p className="line-clamp-2 text-sm text-muted-foreground">{app.description}</p>
        <div className="mt-auto flex flex-wrap items-center justify-between gap-2 pt-2">
          <div className="-ml-2 flex flex-wrap items-center">
            {links.map((l) => (
              <IconLink
                key={l.field}
                href={app[l.field]!}
                label={words?.links[l.field] ?? l.label}
                icon={l.icon}
                newTab={words?.newTab}
              />
            ))}
          </div>
          {postCount > 0 && (
            <Link to={paths.appBlogs(app.id)} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
              <SpriteIcon name="newspaper" />
              {words?.blogPosts ?? 'Blog posts'}
            </Link>
          )}
        </div>
      </div>
    </article>
  );
}

export function AppCardSkeleton() {
  return (
    <div className="overflow-hidden rounded-xl border bg-card" data-testid="app-card-skeleton">
      <Skeleton className="aspect-video w-full rounded-none" />
      <SkeletonLines className="space-y-3 px-5 pt-10 pb-5" lines={['h-5 w-2/3', 'h-4 w-full', 'h-4 w-4/5']} />
    </div>
  );
}
