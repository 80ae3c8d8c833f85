// Store & Ads Files (issue 13): app-ads.txt and ads.txt written here, the two .well-known files
// made from the apps' store fields, and for each the live reply a crawler gets from the site.
import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import type { App } from '../../../shared/schemas/apps';
import {
  appLinkPathsOf,
  suppliesAndroidLinks,
  suppliesAppleLinks,
  SITE_FILE_NAMES,
  type SiteFileName,
} from '../../../shared/schemas/site-files';
import { QueryState } from '../../components/query-state';
import { Badge } from '../../components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { useApps } from '../../features/apps/api';
import { UnsavedChangesGuard } from '../../components/drafts/unsaved-changes';
import { useSiteFile } from '../../features/site-files/admin-api';
import { CrawlerViewPanel } from '../../features/site-files/crawler-view';
import { SiteFileForm } from '../../features/site-files/site-file-form';
import { AdminPage } from './admin-layout';
import { useDocumentTitle } from './use-document-title';

const TEXT_FILES: Record<SiteFileName, { description: string }> = {
  'app-ads.txt': {
    description:
      'Lists the ad networks allowed to sell ads in your apps. Google AdMob, AppLovin, Unity and other networks read it from the developer website named on your store listings.',
  },
  'ads.txt': {
    description: 'The same list for ads shown on this website itself. Leave it empty if the site shows no ads.',
  },
};

const idOf = (name: string) => name.replace(/\W/g, '-');

function EditorSkeleton({ name }: { name: string }) {
  return (
    <div role="status" aria-busy="true" aria-label={`Loading ${name}`} className="space-y-2">
      <Skeleton className="h-4 w-40" />
      <Skeleton className="h-64 w-full" />
      <div className="flex justify-end">
        <Skeleton className="h-10 w-40" />
      </div>
    </div>
  );
}

function TextFileCard({ name, onDirtyChange }: { name: SiteFileName; onDirtyChange: (dirty: boolean) => void }) {
  const file = useSiteFile(name);
  const url = paths.siteFile(name);
  return (
    <Card aria-labelledby={`${idOf(name)}-heading`} role="region">
      <CardHeader className="p-4 sm:p-6">
        <CardTitle id={`${idOf(name)}-heading`} className="font-mono">
          {url}
        </CardTitle>
        <CardDescription>{TEXT_FILES[name].description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6 p-4 pt-0 sm:p-6 sm:pt-0 lg:grid-cols-2">
        <QueryState
          query={file}
          loading={<EditorSkeleton name={name} />}
          error={`Failed to load ${name}`}
          errorStyle="inline"
        >
          {(data) => <SiteFileForm file={data} onDirtyChange={onDirtyChange} />}
        </QueryState>
        <CrawlerViewPanel
          url={url}
          id={idOf(name)}
          emptyHint={`Not published: the file is empty, so ${url} answers 404 (Not Found).`}
        />
      </CardContent>
    </Card>
  );
}

interface WellKnownFile {
  url: string;
  title: string;
  description: string;
  /** The app fields the file needs, in the app editor's words. */
  needs: string;
  supplies: (app: App) => boolean;
  /** What this app puts in the file. */
  entry: (app: App) => string;
  /** What the app still lacks, when it has some of the fields. */
  missing: (app: App) => string[];
}

const WELL_KNOWN: WellKnownFile[] = [
  {
    url: paths.appleAppSiteAssociation,
    title: 'Apple universal links',
    description: 'iPhones and iPads read this file to open links to this site in your iOS apps instead of the browser.',
    needs: 'Apple team id and Apple bundle id',
    supplies: suppliesAppleLinks,
    entry: (app) => `${app.appleTeamId}.${app.appleBundleId}: ${appLinkPathsOf(app).join(', ')}`,
    missing: (app) =>
      app.appleTeamId || app.appleBundleId
        ? [!app.appleTeamId && 'Apple team id', !app.appleBundleId && 'Apple bundle id'].filter((v): v is string =>
            Boolean(v),
          )
        : [],
  },
  {
    url: paths.assetLinks,
    title: 'Android app links',
    description: 'Android reads this file to open links to this site in your Android apps instead of the browser.',
    needs: 'Google Play package name and at least one signing certificate fingerprint (SHA-256)',
    supplies: suppliesAndroidLinks,
    entry: (app) =>
      `${app.googlePlayPackage}: ${app.androidFingerprints.length} ${
        app.androidFingerprints.length === 1 ? 'fingerprint' : 'fingerprints'
      }`,
    missing: (app) =>
      app.googlePlayPackage || app.androidFingerprints.length > 0
        ? [
            !app.googlePlayPackage && 'Google Play package name',
            app.androidFingerprints.length === 0 && 'signing certificate fingerprint',
          ].filter((v): v is string => Boolean(v))
        : [],
  },
];

function AppRow({ app, file }: { app: App; file: WellKnownFile }) {
  const supplies = file.supplies(app);
  const missing = file.missing(app);
  const status = app.isHidden ? (
    <Badge variant="grey">Hidden: left out</Badge>
  ) : supplies ? (
    <Badge variant="green">In the file</Badge>
  ) : missing.length > 0 ? (
    <Badge variant="yellow">Needs {missing.join(' and ')}</Badge>
  ) : (
    <Badge variant="secondary">Not set up</Badge>
  );
  return (
    <li className="flex flex-col gap-1 py-2 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
      <div className="min-w-0">
        <p className="truncate font-medium">{app.title}</p>
        {supplies && <p className="font-mono text-xs break-all text-muted-foreground">{file.entry(app)}</p>}
      </div>
      <div className="flex shrink-0 flex-wrap items-center gap-2">
        {status}
        <Link
          to={paths.admin.editApp(app.id)}
          className="text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
        >
          Edit<span className="sr-only"> {app.title}</span>
        </Link>
      </div>
    </li>
  );
}

function WellKnownCard({ file }: { file: WellKnownFile }) {
  const apps = useApps();
  const id = idOf(file.url);
  return (
    <Card aria-labelledby={`${id}-heading`} role="region">
      <CardHeader className="p-4 sm:p-6">
        <CardTitle id={`${id}-heading`} className="font-mono break-all">
          {file.url}
        </CardTitle>
        <CardDescription>
          {file.title}. {file.description} It is made from your apps: fill in the {file.needs} in an app’s editor to add
          it. Hidden apps are left out.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6 p-4 pt-0 sm:p-6 sm:pt-0 lg:grid-cols-2">
        <section aria-labelledby={`${id}-apps-heading`} className="min-w-0">
          <h3 id={`${id}-apps-heading`} className="text-sm font-semibold">
            Apps
          </h3>
          <QueryState
            query={apps}
            loading="Loading apps..."
            error="Failed to load apps"
            errorStyle="inline"
            isEmpty={(list) => list.length === 0}
            empty={
              <p className="mt-2 text-sm text-muted-foreground">
                No apps yet. <Link to={paths.admin.newApp}>Add an app</Link> and fill in its store ids.
              </p>
            }
          >
            {(list) => (
              <ul className="mt-1 divide-y" data-testid={`${id}-apps`}>
                {list.map((app) => (
                  <AppRow key={app.id} app={app} file={file} />
                ))}
              </ul>
            )}
          </QueryState>
        </section>
        <CrawlerViewPanel
          url={file.url}
          id={id}
          emptyHint={`Not published: no visible app has the ${file.needs}, so the address answers 404 (Not Found).`}
        />
      </CardContent>
    </Card>
  );
}

export default function StoreFiles() {
  useDocumentTitle('Store & Ads Files');
  const [dirty, setDirty] = useState<Partial<Record<SiteFileName, boolean>>>({});
  const onDirty = useCallback(
    (name: SiteFileName) => (value: boolean) => setDirty((d) => (d[name] === value ? d : { ...d, [name]: value })),
    [],
  );
  return (
    <AdminPage
      title="Store & Ads Files"
      description="The files app stores, ad networks and phones read from the root of this site. Each shows exactly what a crawler gets."
    >
      <UnsavedChangesGuard dirty={Object.values(dirty).some(Boolean)} />
      <div className="space-y-6">
        {SITE_FILE_NAMES.map((name) => (
          <TextFileCard key={name} name={name} onDirtyChange={onDirty(name)} />
        ))}
        {WELL_KNOWN.map((file) => (
          <WellKnownCard key={file.url} file={file} />
        ))}
      </div>
    </AdminPage>
  );
}
