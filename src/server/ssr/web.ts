// How the front end's files are served: Vite's dev server with HMR in development,
// the built, hashed, precompressed files in production.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { AppInstance } from '../types';
import { ADMIN_ENTRY, ISLANDS_ENTRY, manifestAssets, PUBLIC_CSS } from './assets';
import type { PagesOptions } from './pages';

/** The public website as buildApp takes it: how pages are rendered, and what serves the front end's files. */
export type WebOptions = PagesOptions & {
  /** Registers what serves the front end's files (Vite in development, built assets in production). */
  setup?: (app: AppInstance) => Promise<void>;
  dev?: boolean;
};

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const CLIENT_DIR = path.join(ROOT, 'dist/client');

export function productionWeb(clientDir = CLIENT_DIR): WebOptions {
  if (!existsSync(path.join(clientDir, '.vite/manifest.json'))) {
    throw new Error(`No front-end build in ${clientDir}: run "npm run build" first (npm start does).`);
  }
  const assets = manifestAssets(clientDir);
  return {
    assets: () => assets,
    setup: async (app) => {
      await app.register(fastifyStatic, {
        root: path.join(clientDir, 'assets'),
        prefix: '/assets/',
        decorateReply: false,
        preCompressed: true,
        immutable: true,
        maxAge: '365d',
        index: false,
      });
    },
  };
}

export async function developmentWeb(): Promise<WebOptions> {
  const { createServer } = await import('vite');
  const middie = (await import('@fastify/middie')).default;
  const vite = await createServer({ root: ROOT, server: { middlewareMode: true }, appType: 'custom' });
  // Vite serves the sources; the admin's stylesheet comes with its script.
  const assets = {
    public: { entry: `/${ISLANDS_ENTRY}`, css: [`/${PUBLIC_CSS}`], preload: [] },
    admin: { entry: `/${ADMIN_ENTRY}`, css: [], preload: [] },
  };
  return {
    dev: true,
    assets: () => assets,
    transformHtml: (url, html) => vite.transformIndexHtml(url, html),
    setup: async (app) => {
      await app.register(middie);
      app.use(vite.middlewares);
      app.addHook('onClose', () => vite.close());
    },
  };
}
