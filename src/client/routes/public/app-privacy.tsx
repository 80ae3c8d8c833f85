// An app's privacy policy (issue 14) at /apps/{slug}/privacy (the version in force, with the next
// one announced until its day), the version in force on a day at /apps/{slug}/privacy/{YYYY-MM-DD},
// and every saved version at /apps/{slug}/privacy/versions/{id} (issue 21): rendered on the server,
// readable without JavaScript, with the "Data we collect" table and the list of versions.
import { useParams } from 'react-router';
import { formatLongGb, formatSavedAtGb } from '../../../shared/dates';
import { api, paths } from '../../../shared/paths';
import {
  isEffectiveDate,
  labelNameKey,
  type AppPrivacyPolicy,
  type AppPrivacyVersion,
  type AppPrivacyVersionSummary,
} from '../../../shared/schemas/app-privacy';
import type { App } from '../../../shared/schemas/apps';
import { responsiveRichText } from '../../../shared/responsive-rich-text';
import { truncate } from '../../../shared/text';
import type { HeadData } from '../../page-kit/head';
import { appStoreId } from '../../page-kit/seo';
import { ItemNotFound, itemNotFoundHead } from '../../page-kit/item-not-found';
import { useSite, type SiteInfo } from '../../page-kit/site-context';
import { Breadcrumb, type Crumb } from '../../components/breadcrumb';
import { PageContainer, RichText } from '../../components/page';
import { Skeleton } from '../../components/ui/skeleton';
import { appSlugOf, useAppBySlug } from '../../features/apps/api';
import { DataWeCollect, type DataTableWords } from '../../features/app-privacy/data-table';
import {
  appPrivacyQuery,
  appPrivacySavedQuery,
  appPrivacyVersionQuery,
  useAppPrivacy,
  useAppPrivacySaved,
  useAppPrivacyVersion,
  useAppPrivacyVersions,
} from '../../features/app-privacy/api';
import { parseId } from '../../lib/params';
import { AppNotFound, appNotFoundHead } from './app-blogs';
import { appSubpageReads, appTrail, pageApp } from '../../page-kit/app-subpage';
import { definePublicPage, type HeadInput } from '../../page-kit/public-page';
import { useT, type Translate } from '../../page-kit/messages';
import type { MessageKey } from '../../../shared/messages/en';
import { useIntl } from 'react-intl';

/**
 * Apple's name of a category, data type or purpose in the page's language (the rows keep the English
 * names; a name the catalogues lack is shown as stored).
 */
function useLabelName(): DataTableWords['labelName'] {
  const intl = useIntl();
  return (kind, name) => {
    const key = labelNameKey(kind, name);
    return key in intl.messages ? intl.formatMessage({ id: key }) : name;
  };
}

/** The page's own address and what its title adds: a day, or a saved version. */
type Shown = { day: string } | { saved: AppPrivacyVersionSummary };

/** A day as the page's language writes it (English: as it always was). */
function useLongDate(): (value: string) => string {
  const intl = useIntl();
  if (intl.locale === 'en' || intl.locale.startsWith('en-')) return formatLongGb;
  return (value) => intl.formatDate(value, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}

function privacyHead(site: SiteInfo, app: App, t: Translate, shown?: Shown): HeadData {
  const suffix = !shown
    ? ''
    : 'day' in shown
      ? ` (${formatLongGb(shown.day)})`
      : ` (version saved ${formatSavedAtGb(shown.saved.createdAt)})`;
  return {
    title: t('head.titleSuffix', { title: `${t('appPrivacy.title', { app: app.title })}${suffix}`, site: site.name }),
    description: truncate(t('appPrivacy.description', { app: app.title, site: site.name }), 160),
    // Each dated page and each saved version is its own page, canonical to itself.
    path: !shown
      ? paths.appPrivacy(app.slug)
      : 'day' in shown
        ? paths.appPrivacyVersion(app.slug, shown.day)
        : paths.appPrivacySaved(app.slug, shown.saved.id),
    appId: app.id,
    appStoreId: appStoreId(app),
  };
}

/** The app the address names (by slug; staff also see hidden apps), from the render's reads. */
function usePageApp() {
  const { appKey } = useParams();
  const found = useAppBySlug(appKey);
  return { found, app: found.data, bySlug: appSlugOf(appKey) !== null };
}

const POLICY_NOT_FOUND = 'Privacy Policy Not Found';
const VERSION_NOT_FOUND = 'Privacy Policy Version Not Found';

/**
 * The head of one of the three pages, from the render's reads: the app (by its slug), then what
 * `found` finds of its policy (undefined: not found), as the page shows them.
 */
function pageHead(input: HeadInput, found: (app: App) => { shown?: Shown } | undefined, missing: string): HeadData {
  const { site, params, data } = input;
  const app = pageApp(params, data);
  if (!app) return appNotFoundHead(site);
  const policy = found(app);
  return policy ? privacyHead(site, app, input.t, policy.shown) : itemNotFoundHead(site, missing);
}

function PolicyNotFound({ title }: { title: string }) {
  return <ItemNotFound title={title} text="This privacy policy does not exist or has been removed." back={null} />;
}

function Loading() {
  return (
    <PageContainer narrow>
      <div aria-busy="true" aria-label="Loading the privacy policy" className="space-y-4">
        <Skeleton className="h-12 w-3/4" />
        <Skeleton className="h-4 w-40" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-5/6" />
      </div>
    </PageContainer>
  );
}

/** The policy's body: the studio's sentence naming the app (when its policy is used), the text and the table. */
function PolicyBody({ app, policy }: { app: App; policy: AppPrivacyPolicy | AppPrivacyVersion }) {
  const site = useSite();
  const t = useT();
  const labelName = useLabelName();
  return (
    <>
      {policy.usesStudioPolicy && (
        <p className="mt-8 rounded-xl border bg-card p-5" data-testid="studio-policy-note">
          {t(
            policy.dataCollected.length > 0 || policy.noDataCollected
              ? 'appPrivacy.studioNoteData'
              : 'appPrivacy.studioNote',
            { app: app.title, site: site.name },
          )}
        </p>
      )}
      <RichText html={responsiveRichText(policy.content)} className="mt-8" />
      <DataWeCollect
        policy={policy}
        words={{
          heading: t('appPrivacy.data.heading'),
          none: t('appPrivacy.data.none'),
          intro: t('appPrivacy.data.intro', { app: app.title }),
          dataType: t('appPrivacy.data.dataType'),
          linkedToYou: t('appPrivacy.data.linkedToYou'),
          usedToTrackYou: t('appPrivacy.data.usedToTrackYou'),
          purposes: t('appPrivacy.data.purposes'),
          sharedWithThirdParties: t('appPrivacy.data.sharedWithThirdParties'),
          collection: t('appPrivacy.data.collection'),
          encryptedInTransit: t('appPrivacy.data.encryptedInTransit'),
          canAskToDelete: t('appPrivacy.data.canAskToDelete'),
          yes: t('appPrivacy.data.yes'),
          no: t('appPrivacy.data.no'),
          optional: t('appPrivacy.data.optional'),
          required: t('appPrivacy.data.required'),
          labelName,
        }}
      />
    </>
  );
}

const STATUS_LABELS: Record<AppPrivacyVersionSummary['status'], MessageKey | null> = {
  current: 'appPrivacy.inForce',
  upcoming: 'appPrivacy.upcomingBadge',
  earlier: null,
  replaced: 'appPrivacy.replaced',
};

/** Every saved version, newest first, each at its permanent address with when it was saved. */
function VersionList({ app, versions, shownId }: { app: App; versions: AppPrivacyVersionSummary[]; shownId: number }) {
  const t = useT();
  if (versions.length < 2) return null;
  return (
    <section aria-labelledby="versions-heading" className="mt-12 space-y-3 border-t pt-8">
      <h2 id="versions-heading" className="text-lg font-semibold">
        {t('appPrivacy.versions')}
      </h2>
      <ul className="space-y-2">
        {versions.map((v) => {
          const status = STATUS_LABELS[v.status];
          const label = status && t(status);
          return (
            <li key={v.id} className="text-sm leading-relaxed">
              <a
                href={paths.appPrivacySaved(app.slug, v.id)}
                aria-current={v.id === shownId ? 'page' : undefined}
                className="font-medium text-primary underline-offset-4 hover:underline aria-[current=page]:text-foreground"
              >
                Effective from {formatLongGb(v.effectiveOn)}
              </a>
              {label && (
                <span className="ml-2 inline-block rounded-full border px-2 py-0.5 text-xs whitespace-nowrap text-muted-foreground">
                  {label}
                </span>
              )}
              <span className="block text-muted-foreground">Saved {formatSavedAtGb(v.createdAt)}</span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

export default function AppPrivacyPage() {
  const { found, app, bySlug } = usePageApp();
  if (!bySlug || found.isError) return <AppNotFound />;
  if (!app) return <Loading />;
  return <CurrentPolicy app={app} />;
}

function CurrentPolicy({ app }: { app: App }) {
  const t = useT();
  const long = useLongDate();
  const policy = useAppPrivacy(app.id);
  const versions = useAppPrivacyVersions(app.id);
  if (policy.isPending) return <Loading />;
  if (policy.isError) return <PolicyNotFound title={POLICY_NOT_FOUND} />;
  const current = policy.data;
  return (
    <PageContainer narrow>
      <Breadcrumb
        label={t('breadcrumb.label')}
        trail={appTrail(t('nav.home'), app, { label: t('appPage.privacyPolicy') })}
      />
      <h1 className="mt-6 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">
        {t('appPrivacy.title', { app: app.title })}
      </h1>
      <p className="mt-3 text-sm text-muted-foreground">
        {t('appPrivacy.lastUpdated')}{' '}
        <time dateTime={current.lastUpdated.slice(0, 10)}>{long(current.lastUpdated)}</time>
      </p>
      {current.upcoming && (
        <p
          role="note"
          className="mt-4 rounded-xl border border-primary/40 bg-primary/5 p-4 text-sm"
          data-testid="upcoming"
        >
          {t('appPrivacy.upcoming')}{' '}
          <time dateTime={current.upcoming.effectiveOn}>{long(current.upcoming.effectiveOn)}</time>.{' '}
          <a
            href={paths.appPrivacySaved(app.slug, current.upcoming.id)}
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            {t('appPrivacy.readUpdated')}
          </a>
        </p>
      )}
      <PolicyBody app={app} policy={current} />
      {versions.data && <VersionList app={app} versions={versions.data} shownId={current.versionId} />}
    </PageContainer>
  );
}

export function AppPrivacyVersionPage() {
  const { day = '' } = useParams();
  const { found, app, bySlug } = usePageApp();
  if (!bySlug || found.isError) return <AppNotFound />;
  if (!app) return <Loading />;
  // A malformed day is never asked for.
  if (!isEffectiveDate(day)) return <PolicyNotFound title={VERSION_NOT_FOUND} />;
  return <DatedPolicy app={app} day={day} />;
}

/** The version in force on a day. */
function DatedPolicy({ app, day }: { app: App; day: string }) {
  const version = useAppPrivacyVersion(app.id, day);
  return <VersionView app={app} version={version} shown={{ day }} />;
}

export function AppPrivacySavedPage() {
  const { versionId } = useParams();
  const id = parseId(versionId);
  const { found, app, bySlug } = usePageApp();
  if (!bySlug || found.isError) return <AppNotFound />;
  if (!app) return <Loading />;
  if (id === null) return <PolicyNotFound title={VERSION_NOT_FOUND} />;
  return <SavedPolicy app={app} versionId={id} />;
}

/** One saved version, at its permanent address. */
function SavedPolicy({ app, versionId }: { app: App; versionId: number }) {
  const version = useAppPrivacySaved(app.id, versionId);
  return <VersionView app={app} version={version} />;
}

/** What a version's page says of it beside the link to the current policy. */
function versionNote(version: AppPrivacyVersion): string {
  switch (version.status) {
    case 'current':
      return 'This is the current version of the policy.';
    case 'upcoming':
      return `This version takes effect on ${formatLongGb(version.effectiveOn)}.`;
    case 'replaced':
      return 'This version was replaced before it took effect.';
    default:
      return 'This is an earlier version of the policy.';
  }
}

function VersionView({
  app,
  version,
  shown,
}: {
  app: App;
  version: ReturnType<typeof useAppPrivacySaved>;
  /** The day the address names (the dated page); the version's own address otherwise. */
  shown?: { day: string };
}) {
  const t = useT();
  const versions = useAppPrivacyVersions(app.id);
  if (version.isPending) return <Loading />;
  if (version.isError) return <PolicyNotFound title={VERSION_NOT_FOUND} />;
  const v = version.data;
  return (
    <PageContainer narrow>
      <Breadcrumb
        label={t('breadcrumb.label')}
        trail={privacyTrail(app, shown ? formatLongGb(shown.day) : `Saved ${formatSavedAtGb(v.createdAt)}`)}
      />
      <h1 className="mt-6 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">
        Privacy Policy for {app.title}
      </h1>
      <p className="mt-3 text-sm text-muted-foreground">
        Effective from <time dateTime={v.effectiveOn}>{formatLongGb(v.effectiveOn)}</time>
        <span className="block">Saved {formatSavedAtGb(v.createdAt)}</span>
      </p>
      <p role="note" className="mt-4 rounded-xl border border-primary/40 bg-primary/5 p-4 text-sm">
        {shown && (
          <>
            The version in force on {formatLongGb(shown.day)}, also at{' '}
            <a
              href={paths.appPrivacySaved(app.slug, v.id)}
              className="font-medium text-primary underline-offset-4 hover:underline"
            >
              its own address
            </a>
            .{' '}
          </>
        )}
        {versionNote(v)}{' '}
        <a href={paths.appPrivacy(app.slug)} className="font-medium text-primary underline-offset-4 hover:underline">
          Read the current privacy policy
        </a>
      </p>
      <PolicyBody app={app} policy={v} />
      {versions.data && <VersionList app={app} versions={versions.data} shownId={v.id} />}
    </PageContainer>
  );
}

/** Home / App / Privacy policy, and the day or the saved version on a version's page. */
function privacyTrail(app: App, last?: string): Crumb[] {
  return last
    ? appTrail('Home', app, { label: 'Privacy policy', href: paths.appPrivacy(app.slug) }, { label: last })
    : appTrail('Home', app, { label: 'Privacy policy' });
}

export const appPrivacyPage = definePublicPage({
  paths: ['/apps/:appKey/privacy'],
  ...appSubpageReads(paths.appPrivacy, (id) => [api.appPrivacyPolicy(id), api.appPrivacyVersions(id)]),
  head: (input) =>
    pageHead(
      input,
      (app) => (input.data.getQueryData(appPrivacyQuery(app.id).queryKey) ? {} : undefined),
      POLICY_NOT_FOUND,
    ),
  element: <AppPrivacyPage />,
});

/** The version in force on a day; a malformed day is never read: the page shows its not-found state. */
export const appPrivacyVersionPage = definePublicPage({
  paths: ['/apps/:appKey/privacy/:day'],
  ...appSubpageReads(
    (slug, { day }) => paths.appPrivacyVersion(slug, day ?? ''),
    (id, { day }) => (day && isEffectiveDate(day) ? [api.appPrivacyVersion(id, day), api.appPrivacyVersions(id)] : []),
  ),
  head: (input) =>
    pageHead(
      input,
      (app) => {
        const { day } = input.params;
        const read =
          day && isEffectiveDate(day) && input.data.getQueryData(appPrivacyVersionQuery(app.id, day).queryKey);
        return read ? { shown: { day } } : undefined;
      },
      VERSION_NOT_FOUND,
    ),
  element: <AppPrivacyVersionPage />,
});

/** A saved version at its permanent address (issue 21); a malformed id is never read. */
export const appPrivacySavedPage = definePublicPage({
  paths: ['/apps/:appKey/privacy/versions/:versionId'],
  ...appSubpageReads(
    (slug, { versionId }) => paths.appPrivacySaved(slug, versionId ?? ''),
    (id, { versionId }) => {
      const n = parseId(versionId);
      return n ? [api.appPrivacySaved(id, n), api.appPrivacyVersions(id)] : [];
    },
  ),
  head: (input) =>
    pageHead(
      input,
      (app) => {
        const id = parseId(input.params.versionId);
        const saved = id && input.data.getQueryData<AppPrivacyVersion>(appPrivacySavedQuery(app.id, id).queryKey);
        return saved ? { shown: { saved } } : undefined;
      },
      VERSION_NOT_FOUND,
    ),
  element: <AppPrivacySavedPage />,
});
