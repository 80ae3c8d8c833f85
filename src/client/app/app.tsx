import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Suspense } from 'react';
import { useRoutes } from 'react-router';
import { MediaAltContext } from '../components/media-image';
import { ToastHost } from '../components/ui/toast-host';
import { ThemeProvider } from '../lib/theme';
import { routes } from './routes';
import { SiteContext, type SiteInfo } from './site-context';

function Routes() {
  return useRoutes(routes);
}

/** Everything inside the router: data, theme, toasts, and the alt texts of the page's images. */
export function App({
  queryClient,
  site,
  mediaAlt = {},
}: {
  queryClient: QueryClient;
  site: SiteInfo;
  mediaAlt?: Record<string, string>;
}) {
  return (
    <SiteContext.Provider value={site}>
      <MediaAltContext.Provider value={mediaAlt}>
        <QueryClientProvider client={queryClient}>
          <ThemeProvider defaultTheme="dark">
            <Suspense fallback={null}>
              <Routes />
            </Suspense>
            <ToastHost />
          </ThemeProvider>
        </QueryClientProvider>
      </MediaAltContext.Provider>
    </SiteContext.Provider>
  );
}
