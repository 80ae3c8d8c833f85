// Which scripts and styles a page loads: from Vite's manifest in production. Public pages load the
// island loader and the public stylesheet; the admin loads its app and its own stylesheet.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Assets } from './html';

interface ManifestEntry {
  file: string;
  css?: string[];
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestEntry>;

export const ADMIN_ENTRY = 'src/client/entry-client.tsx';
export const ISLANDS_ENTRY = 'src/client/islands/loader.ts';
export const PUBLIC_CSS = 'src/client/public.css';

export interface AssetResolver {
  /** Public pages (and the error pages): the island loader and the public stylesheet. */
  public: Assets;
  admin: Assets;
}

export function manifestAssets(clientDir: string): AssetResolver {
  const manifest = JSON.parse(readFileSync(path.join(clientDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const entry = (key: string) => {
    const item = manifest[key];
    if (!item) throw new Error(`${key} is missing from the Vite manifest: run npm run build`);
    return item;
  };

  // An entry's static imports, transitively, and their CSS.
  const collect = (key: string, files: Set<string>, css: Set<string>) => {
    const item = manifest[key];
    if (!item || files.has(`/${item.file}`)) return;
    files.add(`/${item.file}`);
    for (const c of item.css ?? []) css.add(`/${c}`);
    for (const i of item.imports ?? []) collect(i, files, css);
  };
  const assetsOf = (key: string, extraCss: string[] = []): Assets => {
    const files = new Set<string>();
    const css = new Set<string>(extraCss);
    collect(key, files, css);
    const main = `/${entry(key).file}`;
    files.delete(main);
    return { entry: main, css: [...css], preload: [...files] };
  };

  return {
    public: assetsOf(ISLANDS_ENTRY, [`/${entry(PUBLIC_CSS).file}`]),
    admin: assetsOf(ADMIN_ENTRY),
  };
}
