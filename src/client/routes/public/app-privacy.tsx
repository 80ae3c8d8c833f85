// An app's privacy policy (issue 14) at /apps/{slug}/privacy, and each dated version at
// /apps/{slug}/privacy/{YYYY-MM-DD}: rendered on the server, readable without JavaScript, with
// "Last updated", the "Data we collect" table and links to the earlier versions.
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { formatLongGb } from '../../../shared/dates';
import { paths } from '../../../shared/paths';
import {
  isEffectiveDate,
  type AppPrivacyPolicy,
  type AppPrivacyVersion,
  type AppPrivacyVersionSummary,
} from '../../../shared/schemas/app-privacy';
import type { App } from '../../../shared/schemas/apps';
import { responsiveRichText } from '../../../shared/responsive-rich-text';
import { truncate } from '../../../shared/text';
import { Head, type HeadData } from '../../app/head';
import { appStoreId, notFoundHead } from '../../app/seo';
import { useSite, type SiteInfo } from '../../app/site-context';
import { Breadcrumb, type Crumb } from '../../components/breadcrumb';
import { PageContainer, RichText } from '../../components/page';
import { Skeleton } from '../../components/ui/skeleton';
import { appsQuery } from '../../features/apps/api';
import { DataWeCollect } from '../../features/app-privacy/data-table';
import { useAppPrivacy, useAppPrivacyVersion, useAppPrivacyVersions } from '../../features/app-privacy/api';
import { parseId } from '../../lib/params';
import { AppNotFound } from './app-blogs';

function privacyHead(site: SiteInfo, app: App, day?: string): HeadData {
  return {
    title: `Privacy Policy for ${app.title}${day ? ` (${formatLongGb(day)})` : ''} | ${site.name}`,
    description: truncate(
      `How ${app.title} by ${site.name} collects, uses and protects your information, and the data it collects.`,
      160,
    ),
    // Each dated version is its own page, canonical to itself.
    path: day ? paths.appPrivacyVersion(app.slug, day) : paths.appPrivacy(app.slug),
    appStoreId: appStoreId(app),
  };
}

/** The app the address names (by slug; staff also see hidden apps), from the render's reads. */
function usePageApp() {
  const { appKey } = useParams();
  const bySlug = Boolean(appKey) && parseId(appKey) === null;
  const apps = useQuery<App[]>({ ...appsQuery(), enabled: bySlug });
  return { apps, app: apps.data?.find((a) => a.slug === appKey), bySlug };
}

function PolicyNotFound({ title }: { title: string }) {
  const site = useSite();
  return (
    <PageContainer narrow className="py-24 text-center">
      <Head {...notFoundHead(site, '', title)} />
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="mt-3 text-muted-foreground">This privacy policy does not exist or has been removed.</p>
    </PageContainer>
  );
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
  return (
    <>
      {policy.usesStudioPolicy && (
        <p className="mt-8 rounded-xl border bg-card p-5" data-testid="studio-policy-note">
          {app.title} is made by {site.name}. The {site.name} privacy policy below applies to {app.title}
          {policy.dataCollected.length > 0 || policy.noDataCollected
            ? '; “Data we collect” lists what this app itself collects.'
            : '.'}
        </p>
      )}
      <RichText html={responsiveRichText(policy.content)} className="mt-8" />
      <DataWeCollect appTitle={app.title} policy={policy} />
    </>
  );
}

function VersionList({ app, versions, shown }: { app: App; versions: AppPrivacyVersionSummary[]; shown?: string }) {
  const [latest] = versions;
  // The current page lists the earlier ones; a dated page every other one, the current included.
  const others = versions.filter((v) => v.effectiveOn !== (shown ?? latest?.effectiveOn));
  if (others.length === 0) return null;
  return (
    <section aria-labelledby="versions-heading" className="mt-12 space-y-3 border-t pt-8">
      <h2 id="versions-heading" className="text-lg font-semibold">
        {shown ? 'Other versions' : 'Earlier versions'}
      </h2>
      <ul className="space-y-1.5">
        {others.map((v) => (
          <li key={v.effectiveOn}>
            <a
              href={
                v.effectiveOn === latest?.effectiveOn
                  ? paths.appPrivacy(app.slug)
                  : paths.appPrivacyVersion(app.slug, v.effectiveOn)
              }
              className="text-primary underline-offset-4 hover:underline"
            >
              Effective from {formatLongGb(v.effectiveOn)}
            </a>
            {v.effectiveOn === latest?.effectiveOn && <span className="text-sm text-muted-foreground"> (current)</span>}
          </li>
        ))}
      </ul>
    </section>
  );
}

export default function AppPrivacyPage() {
  const { apps, app, bySlug } = usePageApp();
  if (!bySlug || apps.isError) return <AppNotFound />;
  if (apps.isPending) return <Loading />;
  if (!app) return <AppNotFound />;
  return <CurrentPolicy app={app} />;
}

function CurrentPolicy({ app }: { app: App }) {
  const site = useSite();
  const policy = useAppPrivacy(app.id);
  const versions = useAppPrivacyVersions(app.id);
  if (policy.isPending) return <Loading />;
  if (policy.isError) return <PolicyNotFound title="Privacy Policy Not Found" />;
  const current = policy.data;
  return (
    <PageContainer narrow>
      <Head {...privacyHead(site, app)} />
      <Breadcrumb trail={privacyTrail(app)} />
      <h1 className="mt-6 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">
        Privacy Policy for {app.title}
      </h1>
      <p className="mt-3 text-sm text-muted-foreground">
        Last updated <time dateTime={current.lastUpdated.slice(0, 10)}>{formatLongGb(current.lastUpdated)}</time>
      </p>
      <PolicyBody app={app} policy={current} />
      {versions.data && <VersionList app={app} versions={versions.data} shown={undefined} />}
    </PageContainer>
  );
}

export function AppPrivacyVersionPage() {
  const { day = '' } = useParams();
  const { apps, app, bySlug } = usePageApp();
  if (!bySlug || apps.isError) return <AppNotFound />;
  if (apps.isPending) return <Loading />;
  if (!app) return <AppNotFound />;
  // A malformed day is never asked for.
  if (!isEffectiveDate(day)) return <PolicyNotFound title="Privacy Policy Version Not Found" />;
  return <DatedPolicy app={app} day={day} />;
}

function DatedPolicy({ app, day }: { app: App; day: string }) {
  const site = useSite();
  const version = useAppPrivacyVersion(app.id, day);
  const versions = useAppPrivacyVersions(app.id);
  if (version.isPending) return <Loading />;
  if (version.isError) return <PolicyNotFound title="Privacy Policy Version Not Found" />;
  const isCurrent = versions.data?.[0]?.effectiveOn === day;
  return (
    <PageContainer narrow>
      <Head {...privacyHead(site, app, day)} />
      <Breadcrumb trail={privacyTrail(app, day)} />
      <h1 className="mt-6 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">
        Privacy Policy for {app.title}
      </h1>
      <p className="mt-3 text-sm text-muted-foreground">
        Effective from <time dateTime={day}>{formatLongGb(day)}</time>
      </p>
      <p role="note" className="mt-4 rounded-xl border border-primary/40 bg-primary/5 p-4 text-sm">
        {isCurrent ? 'This is the current version of the policy. ' : 'This is an earlier version of the policy. '}
        <a href={paths.appPrivacy(app.slug)} className="font-medium text-primary underline-offset-4 hover:underline">
          Read the current privacy policy
        </a>
      </p>
      <PolicyBody app={app} policy={version.data} />
      {versions.data && <VersionList app={app} versions={versions.data} shown={day} />}
    </PageContainer>
  );
}

/** Home / App / Privacy policy, and the version's date on a dated page. */
function privacyTrail(app: App, day?: string): Crumb[] {
  const start: Crumb[] = [
    { label: 'Home', href: paths.home },
    { label: app.title, href: paths.app(app.slug) },
  ];
  return day
    ? [...start, { label: 'Privacy policy', href: paths.appPrivacy(app.slug) }, { label: formatLongGb(day) }]
    : [...start, { label: 'Privacy policy' }];
}
