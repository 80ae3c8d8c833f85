// Add App and Edit App (SPEC §2): the page that composes the app editor's blocks, each its own form
// with its own Save: the app itself (features/apps/editor), then, once the app is saved, its account
// deletion and support texts (features/app-pages/editor) and its press kit. Edit loads the app named
// by ?id= (or the /apps/edit{id} form of the path); a missing or unknown id shows 'App Not Found'.
import { ShieldCheck } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../shared/paths';
import type { App } from '../../../shared/schemas/apps';
import { useSite } from '../../page-kit/site-context';
import { UnsavedChangesGuard } from '../../components/drafts/unsaved-changes';
import { buttonVariants } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { AppPagesEditor } from '../../features/app-pages/editor/app-pages-editor';
import { useApp } from '../../features/apps/api';
import { AppForm } from '../../features/apps/editor/app-form';
import { AppPressKitCard } from '../../features/press/app-press-kit-card';
import { toast } from '../../lib/toast';
import { cn } from '../../lib/utils';
import { useItemStatuses } from '../../features/translations/api';
import { EditorLanguageSwitcher, useEditorLanguage } from '../../features/translations/language-switcher';
import { TranslationEditor } from '../../features/translations/translation-editor';
import { AdminPage } from './admin-layout';
import { ReleasesCard } from '../../features/app-releases/editor/releases-card';
import { useAdminReleases } from '../../features/app-releases/api';
import { useDocumentTitle } from './use-document-title';

/** A positive integer id (what the API accepts), else null. */
function parseId(raw: string | null | undefined): number | null {
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

type Block = 'app' | 'pages' | 'press' | 'support' | 'deletion';

/**
 * The page's one unsaved-changes guard over its blocks. After the app's own Save the page goes to
 * the list (SPEC §2); the guard still asks if another block holds unsaved changes.
 */
function useBlocks(leaveTo: string) {
  const navigate = useNavigate();
  const [dirty, setDirty] = useState<Record<Block, boolean>>({
    app: false,
    pages: false,
    press: false,
    support: false,
    deletion: false,
  });
  const [appSaved, setAppSaved] = useState(false);
  const report = useCallback(
    (block: Block) => (value: boolean) => setDirty((now) => (now[block] === value ? now : { ...now, [block]: value })),
    [],
  );
  const [onApp] = useState(() => report('app'));
  const [onPages] = useState(() => report('pages'));
  const [onPress] = useState(() => report('press'));
  const [onSupport] = useState(() => report('support'));
  const [onDeletion] = useState(() => report('deletion'));
  useEffect(() => {
    if (appSaved) navigate(leaveTo);
  }, [appSaved, navigate, leaveTo]);
  const guard = (
    <UnsavedChangesGuard
      dirty={(dirty.app && !appSaved) || dirty.pages || dirty.press || dirty.support || dirty.deletion}
    />
  );
  return { guard, onApp, onPages, onPress, onSupport, onDeletion, onAppSaved: () => setAppSaved(true) };
}

function NewApp() {
  useDocumentTitle('Add App');
  const blocks = useBlocks(paths.admin.apps);
  return (
    <AdminPage title="Add New App" description="Add a game or app to the site.">
      {blocks.guard}
      <div className="space-y-6">
        <AppForm app={null} onSaved={blocks.onAppSaved} onDirtyChange={blocks.onApp} />
        <p className="text-sm text-muted-foreground">
          Its account deletion and support pages and its press kit are written once the app is created: open it from the
          list with Edit.
        </p>
      </div>
    </AdminPage>
  );
}

function AppNotFound() {
  useDocumentTitle('App Not Found');
  return (
    <div className="mx-auto max-w-lg py-16 text-center">
      <h1 className="text-2xl font-bold tracking-tight">App Not Found</h1>
      <p className="mt-2 text-muted-foreground">
        The app you&apos;re trying to edit doesn&apos;t exist or you don&apos;t have permission to edit it.
      </p>
      <Link to={paths.admin.apps} className={cn(buttonVariants({ variant: 'outline' }), 'mt-6')}>
        Return to app list
      </Link>
    </div>
  );
}

function EditorSkeleton() {
  return (
    <div className="space-y-6" aria-busy="true">
      <p role="status" className="sr-only">
        Loading app
      </p>
      {[4, 2, 3].map((fields, card) => (
        <Card key={card} className="space-y-5 p-6" aria-hidden="true">
          <Skeleton className="h-5 w-32" />
          {Array.from({ length: fields }, (_, i) => (
            <div key={i} className="space-y-2">
              <Skeleton className="h-4 w-24" />
              <Skeleton className="h-10 w-full" />
            </div>
          ))}
        </Card>
      ))}
    </div>
  );
}

function EditApp({ id }: { id: number }) {
  useDocumentTitle('Edit App');
  const app = useApp(id);
  const site = useSite();
  const blocks = useBlocks(paths.admin.apps);
  const language = useEditorLanguage();
  const statuses = useItemStatuses('app', String(id), language.multilingual);

  useEffect(() => {
    if (app.isError) toast({ title: 'Error', description: 'Failed to load app data', variant: 'destructive' });
  }, [app.isError]);

  if (app.isError) return <AppNotFound />;

  return (
    <AdminPage
      title="Edit App"
      description={app.data ? <>Editing &ldquo;{app.data.title}&rdquo;.</> : 'Loading the app...'}
      actions={
        <Link to={paths.admin.appPrivacy(id)} className={buttonVariants({ variant: 'outline' })}>
          <ShieldCheck aria-hidden="true" />
          Privacy policy
        </Link>
      }
    >
      {blocks.guard}
      {language.multilingual && (
        <div className="mb-6">
          <EditorLanguageSwitcher language={language} statuses={statuses} />
        </div>
      )}
      {app.isPending || language.pending ? (
        <EditorSkeleton />
      ) : language.lang ? (
        <AppTranslations key={language.lang} appId={id} locale={language.lang} blocks={blocks} />
      ) : (
        <div className="space-y-10">
          <AppForm app={app.data} onSaved={blocks.onAppSaved} onDirtyChange={blocks.onApp} />
          <SavedAppBlocks app={app.data} siteUrl={site.url} blocks={blocks} />
        </div>
      )}
    </AdminPage>
  );
}

/** The app's texts in another language: its details, its support and account deletion pages, its press kit. */
function AppTranslations({
  appId,
  locale,
  blocks,
}: {
  appId: number;
  locale: string;
  blocks: ReturnType<typeof useBlocks>;
}) {
  return (
    <div className="space-y-10">
      <TranslationEditor type="app" id={String(appId)} locale={locale} guard={false} onDirtyChange={blocks.onApp} />
      <TranslationEditor
        type="app-page"
        id={`${appId}-support`}
        locale={locale}
        guard={false}
        onDirtyChange={blocks.onSupport}
      />
      <TranslationEditor
        type="app-page"
        id={`${appId}-deletion`}
        locale={locale}
        guard={false}
        onDirtyChange={blocks.onDeletion}
      />
      <TranslationEditor
        type="app-page"
        id={`${appId}-press`}
        locale={locale}
        guard={false}
        onDirtyChange={blocks.onPress}
      />
      <ReleaseTranslations appId={appId} locale={locale} />
      <p className="text-sm text-muted-foreground">
        Links, store ids, screenshots, the press kit&apos;s facts and media and the app&apos;s status are shared by
        every language: edit them in the default language. The privacy policy is translated on its own page.
      </p>
    </div>
  );
}

/**
 * Each version's "What's new" in the language (issue 26), newest first. Each editor keeps its own
 * autosaved draft; none holds the page (a release's text is short and saved on its own).
 */
function ReleaseTranslations({ appId, locale }: { appId: number; locale: string }) {
  const releases = useAdminReleases(appId);
  if (!releases.data?.length) return null;
  return (
    <>
      {releases.data.map((release) => (
        <TranslationEditor key={release.id} type="release" id={String(release.id)} locale={locale} guard={false} />
      ))}
    </>
  );
}

function SavedAppBlocks({ app, siteUrl, blocks }: { app: App; siteUrl: string; blocks: ReturnType<typeof useBlocks> }) {
  return (
    <>
      <AppPagesEditor appId={app.id} slug={app.slug} siteUrl={siteUrl} onDirtyChange={blocks.onPages} />
      <AppPressKitCard appId={app.id} onDirtyChange={blocks.onPress} />
      <ReleasesCard appId={app.id} appTitle={app.title} />
    </>
  );
}

export default function AppEditor({ mode, id }: { mode: 'new' | 'edit'; id?: string | null }) {
  const [params] = useSearchParams();
  if (mode === 'new') return <NewApp />;
  const appId = parseId(id === undefined ? params.get('id') : id);
  if (appId === null) return <AppNotFound />;
  return <EditApp key={appId} id={appId} />;
}
