import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import vike from 'vike/plugin';
import { defineConfig } from 'vite';

const SHARED_SOURCE = /[\\/](web|shared)[\\/].*\.tsx?$/;
/** The shared schema modules (zod): left to the forms that import them (see `shared` below). */
const usesZod = (id: string) =>
  /[\\/]shared[\\/]/.test(id) && /from 'zod'/.test(readFileSync(id.replace(/\?.*$/, ''), 'utf8'));

export default defineConfig({
  root: 'web',
  plugins: [react(), vike()],
  // Pre-bundled up front: discovered lazily, a re-optimisation mid-load serves two copies of React in dev.
  optimizeDeps: {
    include: [
      'react',
      'react-dom',
      'react-dom/client',
      'react/jsx-runtime',
      'vike-react/usePageContext',
      'vike-react/useConfig',
      '@tanstack/react-query',
      'react-aria-components',
      'i18next',
      'react-i18next',
    ],
  },
  build: {
    // Resolved against `root`: vike writes dist/client (static assets) and dist/server (entry.mjs).
    outDir: '../dist',
    // Empties dist/client and dist/server only; the server's tsc output in dist/api is left alone.
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // What every page runs (React, vike, i18next, react-query) in one file.
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|i18next|react-i18next|@tanstack|vike|vike-react|@brillout|use-sync-external-store)[\\/]/,
            },
            // The dashboard's own modules that several pages share, grouped by the pages using them, the groups under
            // 2 kB merged into their nearest neighbour: left to itself the build made a dozen files of a few hundred
            // bytes per page, and each answer's headers (about 1 kB) outweighed its content.
            // Not the shared zod schemas: grouped with the small modules beside them (the review statuses), they made the
            // Reviews page download zod and the request forms' schemas for a list of four words (189 kB first load).
            {
              name: 'shared',
              test: (id: string) => SHARED_SOURCE.test(id) && !usesZod(id),
              minShareCount: 2,
              entriesAware: true,
              entriesAwareMergeThreshold: 2000,
            },
          ],
        },
      },
    },
  },
});
