import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Suspense } from 'react';
import { useRoutes } from 'react-router';
import { ToastHost } from '../components/ui/toast-host';
import { ThemeProvider } from '../lib/theme';
import { routes } from './routes';
import { SiteContext, type SiteInfo } from './site-context';

function Routes() {
  return useRoutes(routes);
}

/** Everything inside the router: data, theme, toasts. */
export function App({ queryClient, site }: { queryClient: QueryClient; site: SiteInfo }) {
  return (
    <SiteContext.Provider value={site}>
      <QueryClientProvider client={queryClient}>
        <ThemeProvider defaultTheme="dark">
          <Suspense fallback={null}>
            <Routes />
          </Suspense>
          <ToastHost />
        </ThemeProvider>
      </QueryClientProvider>
    </SiteContext.Provider>
  );
}
