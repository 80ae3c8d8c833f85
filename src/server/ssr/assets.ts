// Which scripts and styles a page loads: from Vite's manifest in production.
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

export const ENTRY = 'src/client/entry-client.tsx';

export interface AssetResolver {
  /** Assets for a page whose route component lives in `chunk` (a source path). */
  forChunk(chunk?: string): Assets;
}

export function manifestAssets(clientDir: string): AssetResolver {
  const manifest = JSON.parse(readFileSync(path.join(clientDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const entry = manifest[ENTRY];
  if (!entry) throw new Error(`${ENTRY} is missing from the Vite manifest: run npm run build`);

  // A chunk's static imports, transitively (its own CSS included).
  const collect = (key: string, files: Set<string>, css: Set<string>) => {
    const item = manifest[key];
    if (!item || files.has(`/${item.file}`)) return;
    files.add(`/${item.file}`);
    for (const c of item.css ?? []) css.add(`/${c}`);
    for (const i of item.imports ?? []) collect(i, files, css);
  };
  const entryFiles = new Set<string>();
  const entryCss = new Set<string>();
  collect(ENTRY, entryFiles, entryCss);

  const cache = new Map<string, Assets>();
  return {
    forChunk(chunk) {
      const key = chunk ?? '';
      const hit = cache.get(key);
      if (hit) return hit;
      const files = new Set<string>();
      const css = new Set(entryCss);
      if (chunk) collect(chunk, files, css);
      // The entry's own static imports are preloaded too; the entry itself is the module script.
      for (const f of entryFiles) files.add(f);
      files.delete(`/${entry.file}`);
      const assets: Assets = { entry: `/${entry.file}`, css: [...css], preload: [...files] };
      cache.set(key, assets);
      return assets;
    },
  };
}
