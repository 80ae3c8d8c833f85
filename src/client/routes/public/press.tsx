// Press kits (issue 14, part 4): /press (the studio) and /apps/{slug}/press, in the presskit()
// shape journalists know: a fact sheet, description, history, features, trailers, images and logos
// with one-click ZIPs (the stored originals), awards, quotes, credits, what may be done with
// footage, and "Request a press copy". Server-rendered; the form and the trailers are islands.
import { useQuery } from '@tanstack/react-query';
import { Download, ExternalLink } from 'lucide-react';
import { useParams, useSearchParams } from 'react-router';
import { parseMediaUrl } from '../../../shared/media';
import { formatLongUs } from '../../../shared/dates';
import { paths, api } from '../../../shared/paths';
import { PLATFORM_NAMES, type App, type Platform } from '../../../shared/schemas/apps';
import type { ContactInfo } from '../../../shared/schemas/site-content';
import type { Monetization, PressKit } from '../../../shared/schemas/press';
import { appStoreUrl, googlePlayUrl } from '../../../shared/store-links';
import { truncate } from '../../../shared/text';
import type { HeadData } from '../../page-kit/head';
import { useT, type Translate } from '../../page-kit/messages';
import type { MessageKey } from '../../../shared/messages/en';
import { useSite, type SiteInfo } from '../../page-kit/site-context';
import { MediaImage } from '../../components/media-image';
import { Breadcrumb } from '../../components/breadcrumb';
import { PageContainer, RichText } from '../../components/page';
import { buttonVariants } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { AppIcon } from '../../features/apps/app-card';
import { appSlugOf, appsQuery, useAppBySlug } from '../../features/apps/api';
import { formatPrice } from '../../features/apps/price';
import { AgeRatingLines } from './app-ratings-sections';
import { useContactInfo } from '../../features/pages/api';
import { Island } from '../../islands/island';
import PressRequestForm, { type PressFormNotice } from '../../islands/press-request-form';
import Trailer from '../../islands/trailer';
import { AppNotFound, appNotFoundHead } from './app-blogs';
import { appSubpageReads, appTrail, pageApp } from '../../page-kit/app-subpage';
import { untitledHead } from '../../page-kit/seo';
import { definePublicPage, reads } from '../../page-kit/public-page';

export const studioPressKitQuery = () => ({ queryKey: [api.pressKitStudio] as const });
export const appPressKitQuery = (appId: number) => ({ queryKey: [api.pressKitApp(appId)] as const });

function studioPressHead(site: SiteInfo, kit: PressKit, t: Translate): HeadData {
  return {
    title: t('head.titleSuffix', { title: t('press.title'), site: site.name }),
    description: truncate(
      kit.basedIn
        ? t('pressPage.studioDescriptionBased', { site: site.name, place: kit.basedIn })
        : t('pressPage.studioDescription', { site: site.name }),
      160,
    ),
    path: paths.press,
  };
}

function appPressHead(site: SiteInfo, app: App, t: Translate): HeadData {
  return {
    title: t('head.titleSuffix', { title: t('pressPage.appTitle', { app: app.title }), site: site.name }),
    description: truncate(t('pressPage.appDescription', { app: app.title, site: site.name }), 160),
    path: paths.appPress(app.slug),
    appId: app.id,
  };
}

const isEmail = (v: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v);
const hostOf = (url: string) => {
  try {
    return new URL(url).host.replace(/^www\./, '');
  } catch {
    return url;
  }
};

function ContactLink({ value }: { value: string }) {
  if (isEmail(value)) {
    return (
      <a href={`mailto:${value}`} className="break-all text-primary underline underline-offset-4">
        {value}
      </a>
    );
  }
  return <OutLink href={value}>{hostOf(value)}</OutLink>;
}

function OutLink({ href, children }: { href: string; children: React.ReactNode }) {
  const t = useT();
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="break-words text-primary underline underline-offset-4"
    >
      {children}
      <span className="sr-only">{t('appPage.newTab')}</span>
    </a>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={`${id}-heading`} className="scroll-mt-20 space-y-4" id={id}>
      <h2 id={`${id}-heading`} className="text-2xl font-bold tracking-tight">
        {title}
      </h2>
      {children}
    </section>
  );
}

type Fact = [term: string, value: React.ReactNode];

function FactSheet({ facts }: { facts: Fact[] }) {
  const t = useT();
  return (
    <section aria-labelledby="facts-heading" className="rounded-xl border bg-card p-5 shadow-sm">
      <h2 id="facts-heading" className="text-lg font-semibold">
        {t('pressPage.factSheet')}
      </h2>
      <dl className="mt-4 space-y-4 text-sm">
        {facts.map(([term, value]) => (
          <div key={term}>
            <dt className="text-muted-foreground">{term}</dt>
            <dd className="mt-0.5 font-medium">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function DownloadLink({ href, label }: { href: string; label: string }) {
  return (
    <a href={href} download data-track="press-kit" className={buttonVariants({ variant: 'outline' })}>
      <Download aria-hidden="true" className="size-4" />
      {label}
    </a>
  );
}

/** Images as a grid of thumbnails, each a link to its full-size original; outside ones marked. */
function ImageGrid({ images, label }: { images: { src: string; alt: string }[]; label: string }) {
  const t = useT();
  return (
    <ul aria-label={label} className="grid grid-cols-2 gap-3 sm:grid-cols-3">
      {images.map((image) => {
        const stored = parseMediaUrl(image.src) !== null;
        return (
          <li key={image.src} className="space-y-1">
            <a
              href={image.src}
              className="block overflow-hidden rounded-lg border bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              {...(stored ? {} : { target: '_blank', rel: 'noopener noreferrer' })}
            >
              <MediaImage
                src={image.src}
                alt={image.alt}
                sizes="(min-width: 640px) 16rem, 45vw"
                width={640}
                height={360}
                loading="lazy"
                decoding="async"
                className="aspect-video w-full object-contain"
              />
            </a>
            {!stored && (
              <p className="flex items-center gap-1 text-xs text-muted-foreground">
                <ExternalLink aria-hidden="true" className="size-3" />
                {t('pressPage.hostedOn', { host: hostOf(image.src) })}
              </p>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** The images part: the grid, the ZIP download and what it leaves out. */
function Images({
  id,
  title,
  images,
  zip,
  zipLabel,
  empty,
}: {
  id: string;
  title: string;
  images: { src: string; alt: string }[];
  zip: string;
  zipLabel: string;
  empty: string;
}) {
  const t = useT();
  const stored = images.filter((i) => parseMediaUrl(i.src) !== null).length;
  const outside = images.length - stored;
  return (
    <Section id={id} title={title}>
      {images.length === 0 ? (
        <p className="text-muted-foreground">{empty}</p>
      ) : (
        <>
          <div className="flex flex-wrap items-center gap-3">
            {stored > 0 && <DownloadLink href={zip} label={zipLabel} />}
            <p className="text-sm text-muted-foreground">
              {stored > 0 ? t('pressPage.filesFull', { count: stored }) : ''}
              {outside > 0 && t('pressPage.hostedElsewhere', { count: outside })}
            </p>
          </div>
          <ImageGrid images={images} label={title} />
        </>
      )}
    </Section>
  );
}

/** The parts both kits share, in the presskit() order after the fact sheet. */
function KitBody({
  kit,
  what,
  trailerPoster,
  children,
}: {
  kit: PressKit;
  what: string;
  trailerPoster: string | null;
  children?: React.ReactNode;
}) {
  const t = useT();
  return (
    <>
      {kit.description && (
        <Section id="description" title={t('pressPage.description')}>
          <RichText html={kit.description} className="max-w-prose" />
        </Section>
      )}
      {kit.history && (
        <Section id="history" title={t('pressPage.history')}>
          <RichText html={kit.history} className="max-w-prose" />
        </Section>
      )}
      {kit.features.length > 0 && (
        <Section id="features" title={t('pressPage.features')}>
          <ul className="max-w-prose list-disc space-y-1.5 pl-5">
            {kit.features.map((f) => (
              <li key={f}>{f}</li>
            ))}
          </ul>
        </Section>
      )}
      {kit.trailers.length > 0 && (
        <Section id="trailers" title={t('pressPage.trailers', { count: kit.trailers.length })}>
          <div className="grid gap-6 md:grid-cols-2">
            {kit.trailers.map((trailer) => (
              <figure key={`${trailer.provider}-${trailer.id}`} className="space-y-2">
                <Island
                  name="trailer"
                  component={Trailer}
                  props={{
                    provider: trailer.provider,
                    id: trailer.id,
                    title: trailer.title || what,
                    poster: trailerPoster,
                  }}
                />
                {trailer.title && <figcaption className="text-sm text-muted-foreground">{trailer.title}</figcaption>}
              </figure>
            ))}
          </div>
        </Section>
      )}
      {children}
      {kit.awards.length > 0 && (
        <Section id="awards" title={t('pressPage.awards')}>
          <ul className="space-y-2">
            {kit.awards.map((a) => (
              <li key={`${a.title}-${a.detail}`}>
                <span className="font-semibold">{a.title}</span>
                {a.detail && <span className="text-muted-foreground">: {a.detail}</span>}
              </li>
            ))}
          </ul>
        </Section>
      )}
      {kit.quotes.length > 0 && (
        <Section id="quotes" title={t('pressPage.quotes')}>
          <div className="grid gap-4 md:grid-cols-2">
            {kit.quotes.map((q) => (
              <figure key={`${q.source}-${q.quote}`} className="rounded-xl border bg-card p-5 shadow-sm">
                <blockquote className="text-lg leading-relaxed">&ldquo;{q.quote}&rdquo;</blockquote>
                <figcaption className="mt-3 text-sm text-muted-foreground">
                  — {q.url ? <OutLink href={q.url}>{q.source}</OutLink> : q.source}
                </figcaption>
              </figure>
            ))}
          </div>
        </Section>
      )}
      {kit.credits.length > 0 && (
        <Section id="credits" title={t('pressPage.credits')}>
          <dl className="grid gap-x-8 gap-y-3 sm:grid-cols-2">
            {kit.credits.map((c) => (
              <div key={`${c.name}-${c.role}`}>
                <dt className="font-semibold">{c.name}</dt>
                {c.role && <dd className="text-sm text-muted-foreground">{c.role}</dd>}
              </div>
            ))}
          </dl>
        </Section>
      )}
      <Section id="monetization" title={t('pressPage.monetization')}>
        <p className="max-w-prose">{t(MONETIZATION_TEXT[kit.monetization], { what })}</p>
      </Section>
    </>
  );
}

/** What the press page says of each choice (shared/schemas/press.ts: monetizationText, in English). */
const MONETIZATION_TEXT = {
  allowed: 'pressPage.monetizeAllowed',
  non_commercial: 'pressPage.monetizeNonCommercial',
  not_allowed: 'pressPage.monetizeNotAllowed',
  ask: 'pressPage.monetizeAsk',
} as const satisfies Record<Monetization, MessageKey>;

function RequestCopy({ action, appId, what }: { action: string; appId?: number; what: string }) {
  const t = useT();
  const [search] = useSearchParams();
  const sent = search.get('sent');
  const notice = sent === 'sent' || sent === 'invalid' || sent === 'failed' ? (sent as PressFormNotice) : undefined;
  return (
    <section
      aria-labelledby="press-request-heading"
      id="press-request"
      className="scroll-mt-20 space-y-4 rounded-xl border bg-card p-6 shadow-sm"
    >
      <h2 id="press-request-heading" className="text-2xl font-bold tracking-tight">
        {t('pressPage.requestCopy')}
      </h2>
      <Island
        name="press-request-form"
        component={PressRequestForm}
        props={{ action, appId, what, notice }}
        messages={['pressForm']}
      />
    </section>
  );
}

function PageSkeleton() {
  const t = useT();
  return (
    <PageContainer>
      <div aria-busy="true" aria-label={t('pressPage.loading')} className="space-y-8">
        <Skeleton className="h-10 w-1/2" />
        <div className="grid gap-8 lg:grid-cols-[1fr_18rem]">
          <Skeleton className="h-64 w-full rounded-xl" />
          <Skeleton className="h-64 w-full rounded-xl" />
        </div>
      </div>
    </PageContainer>
  );
}

function LoadFailed() {
  const t = useT();
  return (
    <PageContainer narrow className="py-24 text-center">
      <h1 className="text-3xl font-bold">{t('pressPage.unavailable')}</h1>
      <p role="alert" className="mt-3 text-muted-foreground">
        {t('pressPage.unavailableText')}
      </p>
    </PageContainer>
  );
}

/** The press contact: the kit's, else the studio kit's, else the contact page's email. */
function pressContactOf(
  kits: (PressKit | undefined)[],
  contact: ContactInfo | null | undefined,
  t: Translate,
): React.ReactNode {
  const value = kits.find((k) => k?.pressContact)?.pressContact || contact?.email;
  return value ? <ContactLink value={value} /> : <a href={paths.contact}>{t('pressPage.contactForm')}</a>;
}

// ── /press ─────────────────────────────────────────────────────────────────────────────────────

export function StudioPressPage() {
  const t = useT();
  const site = useSite();
  const kit = useQuery<PressKit>(studioPressKitQuery());
  const apps = useQuery<App[]>(appsQuery());
  const contact = useContactInfo();
  if (kit.isError || apps.isError) return <LoadFailed />;
  if (kit.isPending || apps.isPending) return <PageSkeleton />;
  const k = kit.data;
  const facts: Fact[] = [
    [t('pressPage.developer'), site.name],
    ...(k.basedIn ? [[t('pressPage.basedIn'), k.basedIn] as Fact] : []),
    ...(k.foundedOn ? [[t('pressPage.founded'), k.foundedOn] as Fact] : []),
    [
      t('pressPage.website'),
      <OutLink key="w" href={k.website || site.url || paths.home}>
        {hostOf(k.website || site.url)}
      </OutLink>,
    ],
    [t('pressPage.pressContact'), pressContactOf([k], contact.data, t)],
    [t('pressPage.gamesAndApps'), String(apps.data.length)],
  ];
  const logos = k.logos.length > 0 ? k.logos : site.logo ? [site.logo] : [];
  const images = apps.data.flatMap((a) => [
    { src: a.icon, alt: t('pressPage.appIcon', { app: a.title }) },
    ...a.screenshots.map((src, i) => ({ src, alt: t('pressPage.screenshotOf', { app: a.title, n: i + 1 }) })),
  ]);
  const what = t('pressPage.studioWhat', { site: site.name });

  return (
    <PageContainer className="space-y-12">
      <Breadcrumb
        label={t('breadcrumb.label')}
        trail={[{ label: t('nav.home'), href: paths.home }, { label: t('footer.press') }]}
      />
      <header className="-mt-6 space-y-3">
        <h1 className="text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">
          {t('pressPage.kitOf', { name: site.name })}
        </h1>
        <p className="max-w-2xl text-lg text-muted-foreground">
          {site.tagline || t('pressPage.studioIntro', { site: site.name })}
        </p>
      </header>
      <div className="grid gap-12 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="min-w-0 space-y-12">
          <KitBody kit={k} what={what} trailerPoster={apps.data[0]?.screenshots[0] ?? null}>
            <Section id="projects" title={t('pressPage.gamesAndApps')}>
              {apps.data.length === 0 ? (
                <p className="text-muted-foreground">{t('pressPage.noProjects')}</p>
              ) : (
                <ul className="grid gap-3 sm:grid-cols-2">
                  {apps.data.map((a) => (
                    <li key={a.id} className="flex min-w-0 items-center gap-3 rounded-xl border bg-card p-3 shadow-sm">
                      <AppIcon
                        app={a}
                        size={48}
                        decorative
                        loading="lazy"
                        className="size-12 shrink-0 rounded-xl border object-cover"
                      />
                      <div className="min-w-0">
                        <a href={paths.appPress(a.slug)} className="font-semibold hover:text-primary hover:underline">
                          {t('pressPage.kitOf', { name: a.title })}
                        </a>
                        <p className="truncate text-sm text-muted-foreground">{a.tagline || a.description}</p>
                      </div>
                    </li>
                  ))}
                </ul>
              )}
            </Section>
            <Images
              id="images"
              title={t('pressPage.images')}
              images={images}
              zip={paths.pressImages}
              zipLabel={t('pressPage.downloadImages')}
              empty={t('pressPage.noImages')}
            />
            <Images
              id="logos"
              title={t('pressPage.logos')}
              images={logos.map((src, i) => ({ src, alt: t('pressPage.logoOf', { name: site.name, n: i + 1 }) }))}
              zip={paths.pressLogos}
              zipLabel={t('pressPage.downloadLogos')}
              empty={t('pressPage.noLogos')}
            />
          </KitBody>
          <RequestCopy action={paths.press} what={t('pressPage.studioGames', { site: site.name })} />
        </div>
        <aside className="order-first space-y-6 lg:sticky lg:top-20 lg:order-last lg:self-start">
          <FactSheet facts={facts} />
        </aside>
      </div>
    </PageContainer>
  );
}

// ── /apps/{slug}/press ────────────────────────────────────────────────────────────────────────

export function AppPressPage() {
  const { appKey } = useParams();
  const app = useAppBySlug(appKey);
  if (!appSlugOf(appKey) || app.isError) return <AppNotFound />;
  if (app.isPending) return <PageSkeleton />;
  return <AppKit app={app.data} />;
}

function AppKit({ app }: { app: App }) {
  const t = useT();
  const site = useSite();
  const kit = useQuery<PressKit>(appPressKitQuery(app.id));
  const studio = useQuery<PressKit>(studioPressKitQuery());
  const contact = useContactInfo();
  if (kit.isError || studio.isError) return <LoadFailed />;
  if (kit.isPending || studio.isPending) return <PageSkeleton />;
  const k = kit.data;
  const s = studio.data;

  const platforms = app.platforms.filter((p): p is Platform => p in PLATFORM_NAMES);
  const storeLink: Partial<Record<Platform, string | null>> = {
    ios: appStoreUrl(app),
    android: googlePlayUrl(app),
    web: app.webAppLink,
  };
  const releases: Fact[] =
    k.releaseDates.length > 0
      ? k.releaseDates.map((r) => [t('pressPage.releaseOn', { platform: r.platform }), formatLongUs(r.date)] as Fact)
      : app.comingSoon
        ? [[t('appPage.release'), t('appPage.comingSoon')]]
        : app.releaseDate
          ? [[t('appPage.release'), formatLongUs(app.releaseDate)]]
          : [];
  const website = k.website || app.webAppLink || s.website || site.url;
  const facts: Fact[] = [
    [
      t('pressPage.developer'),
      <a key="d" href={paths.press} className="text-primary underline underline-offset-4">
        {site.name}
      </a>,
    ],
    ...(k.basedIn || s.basedIn ? [[t('pressPage.basedIn'), k.basedIn || s.basedIn] as Fact] : []),
    ...releases,
    ...(platforms.length > 0
      ? [
          [
            t('appPage.platforms'),
            <ul key="p" className="space-y-0.5">
              {platforms.map((p) => (
                <li key={p}>
                  {storeLink[p] ? <OutLink href={storeLink[p]!}>{PLATFORM_NAMES[p]}</OutLink> : PLATFORM_NAMES[p]}
                </li>
              ))}
            </ul>,
          ] as Fact,
        ]
      : []),
    [t('appPage.price'), formatPrice(app)],
    // Issue 25: each system's rating, else the free-text one.
    ...(app.ratings.length > 0
      ? [[t('appPage.ageRatings'), <AgeRatingLines key="r" app={app} />] as Fact]
      : app.ageRating
        ? [[t('appPage.ageRating'), app.ageRating] as Fact]
        : []),
    ...(website
      ? [
          [
            t('pressPage.website'),
            <OutLink key="w" href={website}>
              {hostOf(website)}
            </OutLink>,
          ] as Fact,
        ]
      : []),
    [t('pressPage.pressContact'), pressContactOf([k, s], contact.data, t)],
  ];
  const screenshots = app.screenshots.map((src, i) => ({
    src,
    alt: t('pressPage.screenshotOf', { app: app.title, n: i + 1 }),
  }));
  const logos = k.logos.map((src, i) => ({ src, alt: t('pressPage.logoOf', { name: app.title, n: i + 1 }) }));
  // The app's own trailer counts when the kit lists none.
  const kitWithTrailer: PressKit =
    k.trailers.length === 0 && app.trailerId && (app.trailerProvider === 'youtube' || app.trailerProvider === 'vimeo')
      ? { ...k, trailers: [{ provider: app.trailerProvider, id: app.trailerId, title: '' }] }
      : k;
  const described: PressKit = kitWithTrailer.description
    ? kitWithTrailer
    : { ...kitWithTrailer, description: app.longDescription || `<p>${escapeHtml(app.description)}</p>` };

  return (
    <PageContainer className="space-y-12">
      <Breadcrumb label={t('breadcrumb.label')} trail={appTrail(t('nav.home'), app, { label: t('footer.press') })} />
      <header className="-mt-6 flex flex-col gap-5 sm:flex-row sm:items-center">
        <AppIcon
          app={app}
          size={96}
          className="size-20 shrink-0 rounded-3xl border bg-muted object-cover shadow-md sm:size-24"
        />
        <div className="space-y-2">
          <h1 className="text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">
            {t('pressPage.kitOf', { name: app.title })}
          </h1>
          <p className="max-w-2xl text-lg text-muted-foreground">{app.tagline || app.description}</p>
        </div>
      </header>
      <div className="grid gap-12 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="min-w-0 space-y-12">
          <KitBody kit={described} what={app.title} trailerPoster={app.screenshots[0] ?? null}>
            <Images
              id="screenshots"
              title={t('pressPage.screenshots')}
              images={screenshots}
              zip={paths.appPressScreenshots(app.slug)}
              zipLabel={t('pressPage.downloadScreenshots')}
              empty={t('pressPage.noScreenshots')}
            />
            <Images
              id="logos"
              title={t('pressPage.logos')}
              images={logos}
              zip={paths.appPressLogos(app.slug)}
              zipLabel={t('pressPage.downloadLogos')}
              empty={t('pressPage.noLogos')}
            />
          </KitBody>
          <RequestCopy action={paths.appPress(app.slug)} appId={app.id} what={app.title} />
        </div>
        <aside className="order-first space-y-6 lg:sticky lg:top-20 lg:order-last lg:self-start">
          <FactSheet facts={facts} />
          <p className="text-sm text-muted-foreground">
            {t('pressPage.moreFrom', { site: site.name })}{' '}
            <a href={paths.press} className="text-primary underline underline-offset-4">
              {t('pressPage.studioKit')}
            </a>
            .
          </p>
        </aside>
      </div>
    </PageContainer>
  );
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

// Press kits (issue 14): the studio's, and an app's (which shows the studio's facts where its own are empty).
export const studioPressPage = definePublicPage({
  paths: [paths.press],
  search: ['sent'],
  reads: () => reads([studioPressKitQuery().queryKey[0], api.apps]),
  head: ({ site, data, t }) => {
    const kit = data.getQueryData<PressKit>(studioPressKitQuery().queryKey);
    return kit && data.getQueryData(appsQuery().queryKey) ? studioPressHead(site, kit, t) : untitledHead(site);
  },
  element: <StudioPressPage />,
});

export const appPressPage = definePublicPage({
  paths: ['/apps/:appKey/press'],
  search: ['sent'],
  ...appSubpageReads(paths.appPress, (id) => [appPressKitQuery(id).queryKey[0], studioPressKitQuery().queryKey[0]]),
  head: ({ site, params, data, t }) => {
    const app = pageApp(params, data);
    if (!app) return appNotFoundHead(site);
    const read =
      data.getQueryData(appPressKitQuery(app.id).queryKey) && data.getQueryData(studioPressKitQuery().queryKey);
    return read ? appPressHead(site, app, t) : untitledHead(site);
  },
  element: <AppPressPage />,
});
