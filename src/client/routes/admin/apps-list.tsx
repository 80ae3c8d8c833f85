// Manage Apps (SPEC §2): every app with its icon, title, shortened description and status,
// and Edit and Delete (with confirmation) for each.
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ADMIN_APP_LIST_LOADING_ROWS, ADMIN_DESCRIPTION_TRUNCATE } from '../../../shared/constants';
import { paths } from '../../../shared/paths';
import type { App } from '../../../shared/schemas/apps';
import { truncate } from '../../../shared/text';
import { Button, buttonVariants } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/dialog';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/use-toast';
import { useDeleteApp } from '../../features/apps/admin-api';
import { useApps } from '../../features/apps/api';
import { DEFAULT_ICON, FallbackImage } from '../../features/apps/app-card';
import { StatusBadge } from '../../features/apps/status-badge';
import { errorMessage } from '../../lib/http';
import { cn } from '../../lib/utils';
import { AdminPage } from './admin-layout';
import { useDocumentTitle } from './use-document-title';

const row = 'flex flex-col gap-4 p-4 sm:flex-row sm:items-center sm:gap-5 sm:p-5';

function AppRow({ app, onDelete }: { app: App; onDelete: (app: App) => void }) {
  return (
    <li className={row} data-testid="app-row">
      <div className="flex min-w-0 flex-1 items-start gap-4">
        <FallbackImage
          src={app.icon}
          fallback={DEFAULT_ICON}
          alt=""
          width={56}
          height={56}
          loading="lazy"
          decoding="async"
          className="size-14 shrink-0 rounded-xl border bg-muted object-cover"
        />
        <div className="min-w-0 flex-1 space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="text-base leading-tight font-semibold break-words">{app.title}</h2>
            <StatusBadge status={app.status} />
          </div>
          <p
            className="text-sm break-words text-muted-foreground"
            title={app.description.length > ADMIN_DESCRIPTION_TRUNCATE ? app.description : undefined}
          >
            {truncate(app.description, ADMIN_DESCRIPTION_TRUNCATE)}
          </p>
        </div>
      </div>
      <div className="flex shrink-0 gap-2 sm:justify-end">
        <Link
          to={paths.admin.editApp(app.id)}
          className={cn(buttonVariants({ variant: 'outline', size: 'sm' }), 'flex-1 sm:flex-none')}
        >
          <Pencil aria-hidden="true" />
          Edit<span className="sr-only"> {app.title}</span>
        </Link>
        <Button
          variant="outline"
          size="sm"
          className="flex-1 text-destructive hover:text-destructive sm:flex-none"
          onClick={() => onDelete(app)}
        >
          <Trash2 aria-hidden="true" />
          Delete<span className="sr-only"> {app.title}</span>
        </Button>
      </div>
    </li>
  );
}

function LoadingRows() {
  return (
    <Card aria-busy="true">
      <p role="status" className="sr-only">
        Loading apps
      </p>
      <ul className="divide-y" aria-hidden="true">
        {Array.from({ length: ADMIN_APP_LIST_LOADING_ROWS }, (_, i) => (
          <li key={i} className={row} data-testid="app-row-skeleton">
            <div className="flex flex-1 items-start gap-4">
              <Skeleton className="size-14 shrink-0 rounded-xl" />
              <div className="flex-1 space-y-2">
                <Skeleton className="h-5 w-40 max-w-full" />
                <Skeleton className="h-4 w-full" />
                <Skeleton className="h-4 w-3/4" />
              </div>
            </div>
            <div className="flex gap-2">
              <Skeleton className="h-9 w-20" />
              <Skeleton className="h-9 w-24" />
            </div>
          </li>
        ))}
      </ul>
    </Card>
  );
}

export default function AppsList() {
  useDocumentTitle('Manage Apps');
  const apps = useApps();
  const remove = useDeleteApp();
  // The app being deleted stays named while the dialog closes.
  const [target, setTarget] = useState<App | null>(null);
  const [confirming, setConfirming] = useState(false);
  const askDelete = (app: App) => {
    setTarget(app);
    setConfirming(true);
  };

  const onConfirm = async () => {
    if (!target || remove.isPending) return;
    try {
      await remove.mutateAsync(target.id);
      toast({ title: 'App deleted', description: `"${target.title}" has been deleted.` });
    } catch (error) {
      toast({ title: 'Error', description: 'Failed to delete app: ' + errorMessage(error), variant: 'destructive' });
    }
    setConfirming(false);
  };

  let body: React.ReactNode;
  if (apps.isPending) {
    body = <LoadingRows />;
  } else if (apps.isError) {
    body = (
      <Card className="p-8 text-center">
        <p className="font-medium">Failed to load apps</p>
        <p className="mt-1 text-sm text-muted-foreground">{errorMessage(apps.error)}</p>
        <Button variant="outline" className="mt-4" onClick={() => void apps.refetch()} disabled={apps.isFetching}>
          {apps.isFetching ? 'Trying again...' : 'Try again'}
        </Button>
      </Card>
    );
  } else if (apps.data.length === 0) {
    body = (
      <Card className="flex flex-col items-center p-10 text-center">
        <h2 className="text-lg font-semibold">No apps found</h2>
        <p className="mt-1 text-sm text-muted-foreground">Apps you add appear here and on the home page.</p>
        <Link to={paths.admin.newApp} className={cn(buttonVariants(), 'mt-5')}>
          <Plus aria-hidden="true" />
          Add Your First App
        </Link>
      </Card>
    );
  } else {
    body = (
      <Card>
        <ul className="divide-y" aria-label="Apps">
          {apps.data.map((app) => (
            <AppRow key={app.id} app={app} onDelete={askDelete} />
          ))}
        </ul>
      </Card>
    );
  }

  return (
    <AdminPage
      title="Manage Apps"
      description="Add, edit and remove the games and apps shown on the site."
      actions={
        <Link to={paths.admin.newApp} className={buttonVariants()}>
          <Plus aria-hidden="true" />
          Add New App
        </Link>
      }
    >
      {body}
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => {
          if (!open && !remove.isPending) setConfirming(false);
        }}
        pending={remove.isPending}
        description={
          <>
            This will permanently delete the app{' '}
            <strong className="font-semibold text-foreground">&ldquo;{target?.title}&rdquo;</strong> and its blog posts.
            This action cannot be undone.
          </>
        }
        onConfirm={() => void onConfirm()}
      />
    </AdminPage>
  );
}
