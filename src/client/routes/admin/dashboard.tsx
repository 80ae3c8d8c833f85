import { AppWindow, FileText, Mail, Newspaper, Plus, Shield } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import { buttonVariants } from '../../components/ui/button';
import { cn } from '../../lib/utils';
import { Card, CardContent, CardHeader } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { useApps } from '../../features/apps/api';
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

export default function Dashboard() {
  useDocumentTitle('Dashboard');
  const apps = useApps();
  return (
    <AdminPage title="Dashboard" description="Welcome back. Here is an overview of your site.">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <StatCard
          title="Total Apps"
          value={apps.isPending ? <Skeleton className="h-9 w-12" /> : apps.isError ? '–' : apps.data.length}
          note="Published games and applications"
          icon={AppWindow}
        />
        <StatCard title="Contact Info" value={1} note="Contact details on the site" icon={Mail} />
        <StatCard title="Privacy Policy" value={1} note="Privacy policy page" icon={FileText} />
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
    </AdminPage>
  );
}
