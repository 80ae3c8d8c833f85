import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The browser bundle. The server renders the same components through tsx (see src/server/ssr).
export default defineConfig({
  plugins: [react(), tailwindcss()],
  build: {
    outDir: 'dist/client',
    manifest: true,
    assetsDir: 'assets',
    sourcemap: false,
    rollupOptions: { input: 'src/client/entry-client.tsx' },
  },
});
