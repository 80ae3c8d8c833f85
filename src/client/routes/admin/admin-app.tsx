// The admin area: a client-rendered app under /admin-page, loaded as its own chunk.
// Visitors of the public site never download it.
import { lazy, Suspense, type ReactNode } from 'react';
import { Route, Routes, useParams } from 'react-router';
import { Spinner } from '../../components/ui/spinner';
import { TooltipProvider } from '../../components/ui/controls';
import { AdminLayout } from './admin-layout';
import AuthPage from './auth-page';
import Dashboard from './dashboard';
import { RequireAuth } from './require-auth';

const AppsList = lazy(() => import('./apps-list'));
const AppEditor = lazy(() => import('./app-editor'));
const AppPrivacyEditor = lazy(() => import('./app-privacy'));
const BlogPosts = lazy(() => import('./blog-posts'));
const SiteSettingsPage = lazy(() => import('./site-settings'));
const SiteTextsPage = lazy(() => import('./site-texts'));
const HomeContentEditor = lazy(() => import('./home-content'));
const AboutUsEditor = lazy(() => import('./about-us'));
const ContactInfoEditor = lazy(() => import('./contact-info'));
const PrivacyEditor = lazy(() => import('./privacy'));
const SocialMedia = lazy(() => import('./social-media'));
const Messages = lazy(() => import('./messages'));
const UsersPage = lazy(() => import('./users'));
const AuditLogPage = lazy(() => import('./audit-log'));
const MediaPage = lazy(() => import('./media'));
const StoreFiles = lazy(() => import('./store-files'));
const DeletionRequests = lazy(() => import('./deletion-requests'));
const PressKitPage = lazy(() => import('./press'));
const CampaignsPage = lazy(() => import('./campaigns'));
const SubscribersPage = lazy(() => import('./subscribers'));
// Issue 27: with the chart library, loaded only when opened.
const AnalyticsPage = lazy(() => import('./analytics'));
// Signed-out pages of password reset by email (issue 23).
const ForgotPasswordPage = lazy(() => import('./forgot-password'));
const ResetPasswordPage = lazy(() => import('./reset-password'));

const loading = (
  <div className="grid min-h-64 place-items-center">
    <Spinner />
  </div>
);

/** /admin-page/apps/edit{id} (SPEC §2) reaches the same editor as /admin-page/apps/edit?id={id}. */
function AppsSlug() {
  const slug = useParams().slug ?? '';
  const id = /^edit(\d+)$/.exec(slug)?.[1];
  return id ? <AppEditor mode="edit" id={id} /> : <AppEditor mode="edit" id={null} />;
}

/** Every signed-in admin page but the dashboard, by its path under /admin-page (each its own chunk). */
const ADMIN_PAGES: [path: string, element: ReactNode][] = [
  ['analytics', <AnalyticsPage />],
  ['apps', <AppsList />],
  ['apps/new', <AppEditor mode="new" />],
  ['apps/edit', <AppEditor mode="edit" />],
  ['apps/privacy', <AppPrivacyEditor />],
  ['apps/:slug', <AppsSlug />],
  ['blogs', <BlogPosts />],
  ['home-content', <HomeContentEditor />],
  ['about-us', <AboutUsEditor />],
  ['contact', <ContactInfoEditor />],
  ['privacy', <PrivacyEditor />],
  ['social-media', <SocialMedia />],
  ['site-settings', <SiteSettingsPage />],
  ['site-texts', <SiteTextsPage />],
  ['store-files', <StoreFiles />],
  ['messages', <Messages />],
  ['campaigns', <CampaignsPage />],
  ['press', <PressKitPage />],
  ['deletion-requests', <DeletionRequests />],
  ['subscribers', <SubscribersPage />],
  ['users', <UsersPage />],
  ['audit-log', <AuditLogPage />],
  ['media', <MediaPage />],
];

export default function AdminApp() {
  return (
    <TooltipProvider delayDuration={700} skipDelayDuration={300}>
      <Routes>
        <Route path="auth" element={<AuthPage />} />
        <Route
          path="forgot-password"
          element={
            <Suspense fallback={loading}>
              <ForgotPasswordPage />
            </Suspense>
          }
        />
        <Route
          path="reset-password"
          element={
            <Suspense fallback={loading}>
              <ResetPasswordPage />
            </Suspense>
          }
        />
        <Route
          element={
            <RequireAuth>
              <AdminLayout />
            </RequireAuth>
          }
        >
          <Route index element={<Dashboard />} />
          {ADMIN_PAGES.map(([path, element]) => (
            <Route key={path} path={path} element={<Suspense fallback={loading}>{element}</Suspense>} />
          ))}
          <Route path="*" element={<AdminNotFound />} />
        </Route>
      </Routes>
    </TooltipProvider>
  );
}

function AdminNotFound() {
  return (
    <div className="py-16 text-center">
      <h1 className="text-2xl font-bold">404 Page Not Found</h1>
      <p className="mt-2 text-muted-foreground">This admin page does not exist. Pick a section from the menu.</p>
    </div>
  );
}
