import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { ROOT_DIR } from '../support/pglite-template.js';

// A page holds the shell's texts and those of the areas its `messages` setting lists (+config.ts files, its own and
// its layouts'): a key of another area would show as the key itself. Every text key a page's code can reach (its
// imports followed, the dialogs it loads on demand too) must belong to an area it lists.
const WEB_DIR = join(ROOT_DIR, 'web');
const PAGES_DIR = join(WEB_DIR, 'pages');
// Read from the source: web/ is built by Vite, not by this project's TypeScript settings for Node.
const MESSAGE_AREAS = [
  .../MESSAGE_AREAS = \[([^\]]*)\]/
    .exec(readFileSync(join(WEB_DIR, 'i18n', 'areas.ts'), 'utf8'))![1]
    .matchAll(/'(\w+)'/g),
].map(([, area]) => area);
const KEY = new RegExp(`['"\`](${MESSAGE_AREAS.join('|')})\\.[\\w$.{}]+`, 'g');
// Permission codenames (`reviews.moderate_reviews`) read like keys and are none.
const NOT_TEXTS = [join(ROOT_DIR, 'shared', 'permissions.ts')];

function pageFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return pageFiles(path);
    return entry.name === '+Page.tsx' ? [path] : [];
  });
}

function resolveImport(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = resolve(dirname(from), specifier.replace(/\.js$/, ''));
  return [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((file) => existsSync(file));
}

/** The file and every source file it imports, statically or on demand. */
function reachable(entries: string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...entries];
  while (stack.length) {
    const file = stack.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    for (const [, spec] of source.matchAll(/(?:from\s*|import\s*\(\s*|import\s+)['"]([^'"]+)['"]/g)) {
      const target = resolveImport(file, spec);
      if (target) stack.push(target);
    }
  }
  return seen;
}

/** The areas listed by the +config.ts files from web/pages down to the page's folder. */
function listedAreas(page: string): Set<string> {
  const areas = new Set<string>();
  for (let dir = dirname(page); dir.startsWith(PAGES_DIR); dir = dirname(dir)) {
    const config = join(dir, '+config.ts');
    if (!existsSync(config)) continue;
    const list = /messages:\s*\[([^\]]*)\]/.exec(readFileSync(config, 'utf8'))?.[1] ?? '';
    for (const [, area] of list.matchAll(/'(\w+)'/g)) areas.add(area);
  }
  return areas;
}

describe('the texts a page holds', () => {
  const pages = pageFiles(PAGES_DIR);

  it('finds the pages and the areas', () => {
    expect(pages.length).toBeGreaterThan(15);
    expect(MESSAGE_AREAS).toContain('auth');
  });

  it.each(pages.map((page) => [relative(PAGES_DIR, dirname(page)), page]))(
    '%s lists every area its code takes texts from',
    (_name, page) => {
      const layouts = [join(PAGES_DIR, '+Wrapper.tsx'), join(dirname(page), '+Layout.tsx')];
      for (let dir = dirname(page); dir !== PAGES_DIR; dir = dirname(dir)) layouts.push(join(dir, '+Layout.tsx'));
      const files = [...reachable([page, ...layouts.filter((file) => existsSync(file))])].filter(
        (file) => !NOT_TEXTS.includes(file),
      );
      const used = new Set(
        files.flatMap((file) => [...readFileSync(file, 'utf8').matchAll(KEY)].map(([, area]) => area)),
      );
      const listed = listedAreas(page);
      expect([...used].filter((area) => !listed.has(area)).sort()).toEqual([]);
    },
  );
});
