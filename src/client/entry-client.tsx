// The admin area: a client-rendered React app under /admin-page. Public pages never load this
// (they are static HTML with islands: see islands/loader.ts).
import './admin.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, useEffect, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, Route, RouterProvider, Routes, useLocation } from 'react-router';
import { SiteContext, siteFrom, type SiteInfo } from './page-kit/site-context';
import { useSiteSettings } from './features/site/api';
import { ToastHost } from './components/ui/toast-host';
import { makeQueryClient } from './lib/query-client';
import { followSystemTheme } from './islands/theme';
import AdminApp from './routes/admin/admin-app';

interface BootData {
  site: SiteInfo;
}

/** The site as its settings say now (a save in Site Settings renames the admin at once). */
function LiveSite({ fallback, children }: { fallback: SiteInfo; children: ReactNode }) {
  const settings = useSiteSettings();
  return <SiteContext.Provider value={siteFrom(settings.data, fallback)}>{children}</SiteContext.Provider>;
}

/** A link from the admin to a public page: the server renders that page, so load it. */
function PublicPage() {
  const { pathname, search, hash } = useLocation();
  useEffect(() => {
    window.location.replace(pathname + search + hash);
  }, [pathname, search, hash]);
  return null;
}

// The inline head script applied the stored theme; a System choice keeps following the OS.
followSystemTheme();

const boot = JSON.parse(document.getElementById('__BOOT__')?.textContent ?? '{}') as BootData;
const queryClient = makeQueryClient();

// A data router, so that editors with unsaved changes can hold a navigation (useBlocker); the
// screens themselves are still declared with <Routes>.
const router = createBrowserRouter([
  {
    path: '*',
    element: (
      <QueryClientProvider client={queryClient}>
        <LiveSite fallback={boot.site}>
          <Routes>
            <Route path="admin-page/*" element={<AdminApp />} />
            <Route path="*" element={<PublicPage />} />
          </Routes>
          <ToastHost />
        </LiveSite>
      </QueryClientProvider>
    ),
  },
]);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
