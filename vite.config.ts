import { readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import vike from 'vike/plugin';
import { defineConfig, type Plugin, type Rolldown } from 'vite';

const SHARED_SOURCE = /[\\/](web|shared)[\\/].*\.tsx?$/;
const EVERY_PAGE_HOOK = /[\\/]web[\\/]pages[\\/]\+\w+\.tsx?$/;
/** The shared schema modules (zod): left to the forms that import them (see `shared` below). */
const usesZod = (id: string) =>
  /[\\/]shared[\\/]/.test(id) && /from 'zod'/.test(readFileSync(id.replace(/\?.*$/, ''), 'utf8'));

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * The browser's scripts and style sheets also brotli'd (quality 11) and gzipped (level 9) beside them, which the
 * server sends as they are (@fastify/static's preCompressed, server/app.ts): compressed per answer at the quality a
 * request can afford (brotli 4), the framework's file went out 17% larger, and each answer cost the work again.
 */
function precompress(): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    async writeBundle({ dir }, bundle) {
      const files = Object.keys(bundle).filter((name) => /^assets\/.*\.(js|css)$/.test(name));
      for (const name of files) {
        const path = join(dir!, name);
        const body = await readFile(path);
        const quality = { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length };
        for (const [extension, encoded] of [
          ['.br', await brotli(body, { params: quality })],
          ['.gz', await gzipped(body, { level: 9 })],
        ] as const) {
          // A file too small to shrink goes as it is.
          if (encoded.length < body.length) await writeFile(path + extension, encoded);
        }
      }
    },
  };
}

/**
 * react-aria checks the browser's language with `Intl.DateTimeFormat.supportedLocalesOf` when its module is
 * evaluated: a page's first use of ICU's formatting data, on pages that format no date or number too. With what it
 * runs next (`isRTL`: an `Intl.Locale`), that took 27-64 ms of a fresh tab's main thread before hydration (median 44,
 * 16 tabs), and takes 7-46 (median 13) with `new Intl.Locale`, which checks the tag the same way: a RangeError for a
 * malformed one, caught by the same `catch`. On Lighthouse's phone, four times that. A page that formats a date or a
 * number pays ICU's start on its first formatter instead. The build fails if react-aria's code no longer matches.
 */
function cheapLocaleCheck(): Plugin {
  const check = /Intl\.DateTimeFormat\.supportedLocalesOf\(\[\s*locale\s*\]\);/;
  return {
    name: 'cheap-locale-check',
    transform: {
      filter: { id: /[\\/]react-aria[\\/]dist[\\/]private[\\/]i18n[\\/]useDefaultLocale\.mjs$/ },
      handler(code) {
        if (!check.test(code)) throw new Error('react-aria changed its default locale check: see cheapLocaleCheck');
        return { code: code.replace(check, 'new Intl.Locale(locale);'), map: null };
      },
    },
  };
}

/** What every page runs (React, vike, i18next, react-query) in one file. */
const FRAMEWORK: Rolldown.CodeSplittingGroup = {
  name: 'framework',
  test: /node_modules[\\/](react|react-dom|scheduler|i18next|react-i18next|@tanstack|vike|vike-react|@brillout|use-sync-external-store)[\\/]/,
};

/**
 * What the hooks of every page (web/pages/+Wrapper.tsx, +onBeforeRenderClient.ts) run, with what they import (the
 * texts' loading, the query client, the theme, the toasts), and the dashboard's modules that four pages or more share
 * (the layout, the buttons, the formatters), in one file every page loads beside the framework's. Split by the set of
 * pages using them, the same modules made up to a dozen files of a few hundred bytes per page, each an answer with its
 * own headers and, on a phone's network, its own round trip (Lighthouse's mobile estimate of a paint counts them):
 * `/reviews` loaded 16 files (137.3 kB transferred) and loads 8 (133.2 kB), its estimated paint about 0.1 s sooner;
 * every page loads about half the files, the pages with the most code transfer up to 5 kB less and the smallest
 * up to 4 kB more (`/login` 120.0 → 123.9 kB), code of the shared file they do not run. The browser build's only: in
 * the server's, such a group broke rendering (React's development build loaded beside react-dom's production one).
 */
const COMMON: Rolldown.CodeSplittingGroup = {
  name: 'common',
  test: (id: string) => EVERY_PAGE_HOOK.test(id) || (SHARED_SOURCE.test(id) && !usesZod(id)),
  minShareCount: 4,
};

/**
 * The dashboard's own modules that several pages share, grouped by the pages using them, the groups under 2 kB merged
 * into their nearest neighbour: left to itself the build made a dozen files of a few hundred bytes per page, and each
 * answer's headers (about 1 kB) outweighed its content. Not the shared zod schemas: grouped with the small modules
 * beside them (the review statuses), they made the Reviews page download zod and the request forms' schemas for a list
 * of four words (189 kB first load).
 */
const SHARED: Rolldown.CodeSplittingGroup = {
  name: 'shared',
  test: (id: string) => SHARED_SOURCE.test(id) && !usesZod(id),
  minShareCount: 2,
  entriesAware: true,
  entriesAwareMergeThreshold: 2000,
};

export default defineConfig({
  root: 'web',
  plugins: [react(), vike(), precompress(), cheapLocaleCheck()],
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
  },
  environments: {
    client: { build: { rolldownOptions: { output: { codeSplitting: { groups: [FRAMEWORK, COMMON, SHARED] } } } } },
    ssr: { build: { rolldownOptions: { output: { codeSplitting: { groups: [FRAMEWORK, SHARED] } } } } },
  },
});
