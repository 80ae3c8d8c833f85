import {
  AppWindow,
  DatabaseBackup,
  Download,
  FileText,
  LoaderCircle,
  Mail,
  MessageSquare,
  Newspaper,
  Plus,
  Shield,
  Trash2,
} from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import { Button, buttonVariants } from '../../components/ui/button';
import { cn } from '../../lib/utils';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../lib/toast';
import { useMe } from '../../features/admin/auth-api';
import { AnalyticsDashboardCard } from '../../features/analytics/dashboard-card';
import { useApps } from '../../features/apps/api';
import { useUnreadCount } from '../../features/messages/admin-api';
import { useDeletionCounts } from '../../features/deletion-requests/admin-api';
import { useDownloadBackup } from '../../features/backup/admin-api';
import { DemoContentHint } from '../../features/site/demo-content-card';
import { errorMessage } from '../../lib/http';
import { AdminPage } from './admin-layout';
import { useDocumentTitle } from './use-document-title';

function StatCard({
  title,
  value,
  note,
  icon: Icon,
}: {
  title: string;
  value: React.ReactNode;
  note: string;
  icon: typeof AppWindow;
}) {
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between pb-2">
        <h2 className="text-sm font-medium">{title}</h2>
        <Icon aria-hidden="true" className="size-4 text-muted-foreground" />
      </CardHeader>
      <CardContent>
        <p className="text-3xl font-bold">{value}</p>
        <p className="text-xs text-muted-foreground">{note}</p>
      </CardContent>
    </Card>
  );
}

const ACTIONS = [
  { to: paths.admin.newApp, label: 'Add New App', icon: Plus },
  { to: paths.admin.apps, label: 'Manage Apps', icon: AppWindow },
  { to: paths.admin.contact, label: 'Edit Contact Info', icon: Mail },
  { to: paths.admin.privacy, label: 'Edit Privacy Policy', icon: Shield },
  { to: paths.admin.blogs, label: 'Manage Blog Posts', icon: Newspaper },
];

/** Administrators only: the whole site as one file (restored from the shell, never from here). */
function BackupCard() {
  const download = useDownloadBackup();
  const start = () =>
    download.mutate(undefined, {
      onSuccess: () =>
        toast({
          title: 'Backup started',
          description: 'Your browser saves the file as it is made: see its downloads for the progress.',
        }),
      onError: (error) => toast({ title: 'Backup failed', description: errorMessage(error), variant: 'destructive' }),
    });
  return (
    <Card>
      <CardHeader>
        <CardTitle id="backup-heading" className="flex items-center gap-2">
          <DatabaseBackup aria-hidden="true" className="size-5 text-muted-foreground" />
          Backup
        </CardTitle>
        <CardDescription>
          Everything on the site in one file: apps, blog posts, page texts, messages and user accounts with their
          password hashes. Keep it somewhere safe; it is restored from the shell with{' '}
          <code className="font-mono">npm run import</code>.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button variant="outline" onClick={start} disabled={download.isPending}>
          {download.isPending ? (
            <LoaderCircle aria-hidden="true" className="animate-spin" />
          ) : (
            <Download aria-hidden="true" />
          )}
          {download.isPending ? 'Preparing backup...' : 'Download backup'}
        </Button>
      </CardContent>
    </Card>
  );
}

export default function Dashboard() {
  useDocumentTitle('Dashboard');
  const apps = useApps();
  const me = useMe();
  const unread = useUnreadCount();
  const deletions = useDeletionCounts();
  return (
    <AdminPage title="Dashboard" description="Welcome back. Here is an overview of your site.">
      <DemoContentHint enabled={Boolean(me.data?.isAdmin)} />
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {me.data?.isAdmin && <AnalyticsDashboardCard />}
        <StatCard
          title="Total Apps"
          value={apps.isPending ? <Skeleton className="h-9 w-12" /> : apps.isError ? '–' : apps.data.length}
          note="Published games and applications"
          icon={AppWindow}
        />
        <StatCard title="Contact Info" value={1} note="Contact details on the site" icon={Mail} />
        <StatCard title="Privacy Policy" value={1} note="Privacy policy page" icon={FileText} />
        <Link
          to={paths.admin.messages}
          className="rounded-xl focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          data-testid="unread-card"
        >
          <StatCard
            title="Unread Messages"
            value={unread.isPending ? <Skeleton className="h-9 w-12" /> : unread.isError ? '–' : unread.data.unread}
            note="New messages from the contact form"
            icon={MessageSquare}
          />
        </Link>
        <Link
          to={`${paths.admin.deletionRequests}?status=open`}
          className="rounded-xl focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          data-testid="deletion-card"
        >
          <StatCard
            title="Open Deletion Requests"
            value={
              deletions.isPending ? <Skeleton className="h-9 w-12" /> : deletions.isError ? '–' : deletions.data.open
            }
            note={
              deletions.data?.overdue
                ? `${deletions.data.overdue} overdue: past their due date`
                : 'Account and data deletion requests to handle'
            }
            icon={Trash2}
          />
        </Link>
      </div>
      <section aria-labelledby="quick-actions" className="mt-8">
        <h2 id="quick-actions" className="mb-3 text-lg font-semibold">
          Quick actions
        </h2>
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {ACTIONS.map(({ to, label, icon: Icon }) => (
            <Link
              key={label}
              to={to}
              className={cn(buttonVariants({ variant: 'outline' }), 'h-auto justify-start py-3')}
            >
              <Icon aria-hidden="true" />
              {label}
            </Link>
          ))}
        </div>
      </section>
      {me.data?.isAdmin && (
        <section aria-labelledby="backup-heading" className="mt-8 max-w-2xl">
          <BackupCard />
        </section>
      )}
    </AdminPage>
  );
}
