import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { modernCssPlugin } from './scripts/vite-modern-css';

// The browser's files. Public pages are rendered on the server (src/server/ssr) and load only the
// island loader and the public stylesheet; the admin is a client-rendered app with its own.
export default defineConfig({
  plugins: [react(), tailwindcss(), modernCssPlugin()],
  build: {
    outDir: 'dist/client',
    manifest: true,
    assetsDir: 'assets',
    sourcemap: false,
    // No preload list in the loader (its chunk names cost every first view about 0.4 KB): an island's
    // few imports load when its chunk does, on the visitor's first interaction (decision 107).
    modulePreload: false,
    rollupOptions: {
      input: ['src/client/entry-client.tsx', 'src/client/islands/loader.ts', 'src/client/public.css'],
    },
  },
});
