// Builds the storefront widget into dist/widget (DESIGN §7, §8): the per-store loader, the content-hashed
// initial bundle and on-demand chunk (player and form, named `form`), and manifest.json naming them. Fails when a budget is exceeded.
import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, transform } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = path.join(root, 'dist/widget');
const PLACEHOLDERS = ['"%%STORE%%"', '"%%API%%"', '"%%BUNDLE%%"', '"%%FORM%%"', '"%%VERSION%%"'];
/** Gzip bytes. The on-demand chunk (player, form, resumable uploads) loads only on a shopper's interest. */
const BUDGETS = { loader: 1024, widget: 9 * 1024, form: 12 * 1024, badges: 2 * 1024, all: 12 * 1024, jsonld: 2 * 1024 };

/** `import css from './x.css'` gives the minified stylesheet as a string. */
async function minifiedCss(file) {
  const { code } = await transform(await readFile(file, 'utf8'), { loader: 'css', minify: true, target: 'chrome80' });
  return code.trim();
}

const cssText = {
  name: 'css-text',
  setup(plugin) {
    plugin.onLoad({ filter: /\.css$/ }, async ({ path: file }) => ({
      contents: await minifiedCss(file),
      loader: 'text',
    }));
  },
};

async function bundle(entry, define = {}) {
  const result = await build({
    define,
    entryPoints: [path.join(root, 'widget', entry)],
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2020',
    legalComments: 'none',
    write: false,
    plugins: [cssText],
    logLevel: 'warning',
  });
  return result.outputFiles[0].text;
}

const hashed = (name, code) => `${name}.${createHash('sha256').update(code).digest('hex').slice(0, 10)}.js`;

await rm(out, { recursive: true, force: true });
await mkdir(out, { recursive: true });

const loader = await bundle('loader.ts');
for (const placeholder of PLACEHOLDERS) {
  if (loader.split(placeholder).length !== 2) throw new Error(`loader.js must contain ${placeholder} exactly once`);
}
// The all-reviews chunk, then the badge chunk (listing pages' stars) that loads it, then the bundle that loads that:
// each by its hashed name, from beside itself.
const all = await bundle('src/all-reviews.ts');
const allFile = hashed('all', all);
const badges = await bundle('src/badges.ts', { ALL: JSON.stringify(allFile) });
const badgesFile = hashed('badges', badges);
// The JSON-LD chunk, which the bundle loads from beside itself once a product's reviews arrived.
const jsonld = await bundle('src/jsonld.ts');
const jsonldFile = hashed('jsonld', jsonld);
const widget = await bundle('src/main.ts', { BADGES: JSON.stringify(badgesFile), JSONLD: JSON.stringify(jsonldFile) });
const form = await bundle('src/on-demand.ts');
const files = {
  loader: 'loader.js',
  widget: hashed('widget', widget),
  form: hashed('form', form),
  badges: badgesFile,
  all: allFile,
  jsonld: jsonldFile,
};
const code = { loader, widget, form, badges, all, jsonld };

let overBudget = false;
for (const [kind, file] of Object.entries(files)) {
  await writeFile(path.join(out, file), code[kind]);
  const gzip = gzipSync(code[kind], { level: 9 }).length;
  const budget = BUDGETS[kind];
  if (budget && gzip > budget) overBudget = true;
  const limit = budget ? ` (budget ${(budget / 1024).toFixed(0)} KB)` : '';
  console.log(`dist/widget/${file.padEnd(24)} ${String(code[kind].length).padStart(6)} B  ${gzip} B gzip${limit}`);
}
// The form's stylesheet is a <style> it adds: a page that hosts the form (the hosted review page) allows it in its
// CSP by this hash, not by 'unsafe-inline'.
const formCss = await minifiedCss(path.join(root, 'widget/src/form/form.css'));
const formStyle = `sha256-${createHash('sha256').update(formCss).digest('base64')}`;
await writeFile(path.join(out, 'manifest.json'), JSON.stringify({ ...files, formStyle }) + '\n');

if (overBudget) {
  console.error('The widget is over its gzip budget (DESIGN §8).');
  process.exit(1);
}
