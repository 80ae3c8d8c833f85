// The admin frame: a 240 px sidebar from 768 px up, a menu overlay below; Back to Site and Logout.
import {
  AppWindow,
  ArrowLeft,
  ChartLine,
  FileText,
  Home,
  Images,
  Info,
  LayoutDashboard,
  LogOut,
  Mail,
  Menu,
  MessageSquare,
  Newspaper,
  Megaphone,
  Settings,
  Languages,
  ScrollText,
  Share2,
  Shield,
  Send,
  Trash2,
  Users,
  X,
  MailPlus,
} from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { Dialog } from 'radix-ui';
import { useState, type ReactNode } from 'react';
import { Link, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { ErrorBoundary } from '../../components/error-boundary';
import { paths } from '../../../shared/paths';
import type { CurrentUser } from '../../../shared/schemas/users';
import { useSite } from '../../page-kit/site-context';
import { Button, buttonVariants } from '../../components/ui/button';
import { meQuery, useLogout, useMe } from '../../features/admin/auth-api';
import { useInboxEvents, useUnreadCount } from '../../features/messages/admin-api';
import { TwoFactorBanner } from '../../features/users/two-factor-banner';
import { cn } from '../../lib/utils';

export const ADMIN_NAV = [
  { to: paths.admin.root, label: 'Dashboard', icon: LayoutDashboard, end: true },
  { to: paths.admin.analytics, label: 'Analytics', icon: ChartLine, end: false, adminOnly: true },
  { to: paths.admin.apps, label: 'Apps', icon: AppWindow, end: false },
  { to: paths.admin.blogs, label: 'Blog Posts', icon: Newspaper, end: false },
  { to: paths.admin.media, label: 'Media', icon: Images, end: false },
  { to: paths.admin.homeContent, label: 'Home Content', icon: Home, end: false },
  { to: paths.admin.aboutUs, label: 'About Us', icon: Info, end: false },
  { to: paths.admin.contact, label: 'Contact', icon: Mail, end: false },
  { to: paths.admin.privacy, label: 'Privacy Policy', icon: Shield, end: false },
  { to: paths.admin.socialMedia, label: 'Social Media', icon: Share2, end: false },
  { to: paths.admin.siteSettings, label: 'Site Settings', icon: Settings, end: false },
  { to: paths.admin.siteTexts, label: 'Site Texts', icon: Languages, end: false, adminOnly: true },
  { to: paths.admin.storeFiles, label: 'Store & Ads Files', icon: FileText, end: false },
  { to: paths.admin.press, label: 'Press Kit', icon: Megaphone, end: false },
  { to: paths.admin.messages, label: 'Messages', icon: MessageSquare, end: false },
  { to: paths.admin.campaigns, label: 'Campaigns', icon: Send, end: false },
  { to: paths.admin.deletionRequests, label: 'Deletion Requests', icon: Trash2, end: false },
  // Issue 26 (helper F).
  { to: paths.admin.subscribers, label: 'Subscribers', icon: MailPlus, end: false },
  { to: paths.admin.users, label: 'Users', icon: Users, end: false },
  { to: paths.admin.auditLog, label: 'Audit Log', icon: ScrollText, end: false, adminOnly: true },
];

/** The number of unread messages beside Messages, kept current by the inbox's event stream. */
function UnreadBadge() {
  const unread = useUnreadCount().data?.unread ?? 0;
  if (unread === 0) return null;
  return (
    <span
      data-testid="unread-badge"
      className="ml-auto min-w-5 rounded-full bg-destructive px-1.5 text-center text-xs leading-5 font-semibold text-white"
    >
      {unread > 99 ? '99+' : unread}
      <span className="sr-only"> unread</span>
    </span>
  );
}

function Nav({ onNavigate }: { onNavigate?: () => void }) {
  const navigate = useNavigate();
  // Read from the cache only (the badge below fetches it): after Logout clears the cache, this
  // re-render must not ask for /me again and get a 401.
  const isAdmin = useQuery<CurrentUser>({ ...meQuery(), enabled: false }).data?.isAdmin === true;
  const logout = useLogout();
  // The toasts come with the mutation; a failure keeps the admin open.
  const onLogout = () =>
    logout.mutateAsync().then(
      () => {
        onNavigate?.();
        navigate(paths.admin.auth, { replace: true });
      },
      () => undefined,
    );
  const item = ({ isActive }: { isActive: boolean }) =>
    cn(
      'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors',
      isActive
        ? 'bg-primary text-primary-foreground'
        : 'text-muted-foreground hover:bg-accent hover:text-accent-foreground',
    );
  return (
    <nav aria-label="Admin" className="flex flex-1 flex-col gap-1 overflow-y-auto p-3">
      {ADMIN_NAV.filter((entry) => isAdmin || !('adminOnly' in entry)).map(({ to, label, icon: Icon, end }) => (
        <NavLink key={to} to={to} end={end} className={item} onClick={onNavigate}>
          <Icon aria-hidden="true" className="size-4" />
          {label}
          {to === paths.admin.messages && <UnreadBadge />}
        </NavLink>
      ))}
      <div className="mt-auto space-y-1 border-t pt-3">
        <Link to={paths.home} className={item({ isActive: false })}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back to Site
        </Link>
        <button
          type="button"
          onClick={onLogout}
          disabled={logout.isPending}
          className={cn(item({ isActive: false }), 'w-full disabled:opacity-60')}
        >
          <LogOut aria-hidden="true" className="size-4" />
          {logout.isPending ? 'Logging out...' : 'Logout'}
        </button>
      </div>
    </nav>
  );
}

function Brand() {
  const site = useSite();
  return (
    <Link to={paths.admin.root} className="flex items-center gap-2 font-bold">
      {site.logo ? (
        <img src={site.logo} alt="" width={32} height={32} className="size-8 rounded-lg object-contain" />
      ) : (
        <span
          aria-hidden="true"
          className="grid size-8 place-items-center rounded-lg bg-primary text-primary-foreground"
        >
          {[...site.name][0]}
        </span>
      )}
      <span className="truncate">{site.name}</span>
    </Link>
  );
}

function CurrentUserBadge() {
  const me = useMe();
  if (!me.data) return null;
  return (
    <p className="truncate px-4 pb-3 text-xs text-muted-foreground">
      Signed in as <span className="font-medium text-foreground">{me.data.username}</span> (
      {me.data.isAdmin ? 'Administrator' : 'User'})
    </p>
  );
}

/** What a screen that threw shows: the sidebar stays, so the rest of the admin keeps working. */
function ScreenFailed({ retry }: { retry: () => void }) {
  return (
    <div role="alert" className="rounded-xl border border-destructive/40 bg-card p-8 text-center">
      <p className="font-medium">This screen stopped working</p>
      <p className="mt-1 text-sm text-muted-foreground">
        Something went wrong while showing it. Your other screens are not affected.
      </p>
      <Button variant="outline" className="mt-4" onClick={retry}>
        Try again
      </Button>
    </div>
  );
}

export function AdminLayout() {
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();
  useInboxEvents();
  return (
    <div className="min-h-screen bg-muted/30">
      <a
        href="#admin-main"
        className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <aside className="fixed inset-y-0 left-0 z-30 hidden w-60 flex-col border-r bg-background md:flex">
        <div className="flex h-16 items-center border-b px-4">
          <Brand />
        </div>
        <Nav />
        <CurrentUserBadge />
      </aside>
      <header className="sticky top-0 z-30 flex h-14 items-center justify-between border-b bg-background px-4 md:hidden">
        <Brand />
        <Dialog.Root open={menuOpen} onOpenChange={setMenuOpen}>
          <Dialog.Trigger className={buttonVariants({ variant: 'ghost', size: 'icon' })}>
            <Menu aria-hidden="true" className="size-5" />
            <span className="sr-only">Open admin menu</span>
          </Dialog.Trigger>
          <Dialog.Portal>
            <Dialog.Overlay className="fixed inset-0 z-50 bg-black/60" />
            <Dialog.Content
              className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col border-r bg-background"
              aria-describedby={undefined}
            >
              <div className="flex h-14 items-center justify-between border-b px-4">
                <Dialog.Title className="font-semibold">Admin menu</Dialog.Title>
                <Dialog.Close className={buttonVariants({ variant: 'ghost', size: 'icon' })}>
                  <X aria-hidden="true" className="size-5" />
                  <span className="sr-only">Close menu</span>
                </Dialog.Close>
              </div>
              <Nav onNavigate={() => setMenuOpen(false)} />
              <CurrentUserBadge />
            </Dialog.Content>
          </Dialog.Portal>
        </Dialog.Root>
      </header>
      <main id="admin-main" tabIndex={-1} className="outline-none md:pl-60">
        <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6 md:py-8">
          <TwoFactorBanner />
          <ErrorBoundary key={pathname} fallback={(retry) => <ScreenFailed retry={retry} />}>
            <Outlet />
          </ErrorBoundary>
        </div>
      </main>
    </div>
  );
}

/** An admin screen: its title (h1), a line of description, the main action at the right. */
export function AdminPage({
  title,
  description,
  actions,
  children,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <>
      <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
          {description && <p className="mt-1 text-muted-foreground">{description}</p>}
        </div>
        {actions && <div className="flex shrink-0 flex-wrap gap-2">{actions}</div>}
      </div>
      {children}
    </>
  );
}
