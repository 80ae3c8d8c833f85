import './styles.css';
import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './app/app';
import type { SiteInfo } from './app/site-context';
import { makeQueryClient } from './lib/query-client';

interface BootData {
  site: SiteInfo;
  state: DehydratedState;
  /** Alt texts of the uploaded images the page shows, by URL. */
  mediaAlt?: Record<string, string>;
}

const boot = JSON.parse(document.getElementById('__BOOT__')?.textContent ?? '{}') as BootData;
const queryClient = makeQueryClient();
if (boot.state) hydrate(queryClient, boot.state);

const tree = (
  <StrictMode>
    <BrowserRouter>
      <App queryClient={queryClient} site={boot.site} mediaAlt={boot.mediaAlt} />
    </BrowserRouter>
  </StrictMode>
);
const root = document.getElementById('root')!;
// Public pages arrive rendered and are hydrated; the admin area is rendered in the browser only.
if (root.hasChildNodes()) hydrateRoot(root, tree);
else createRoot(root).render(tree);
