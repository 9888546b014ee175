import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrationsFolder, openDatabase } from '../../server/database/database.js';

export const ROOT_DIR = join(import.meta.dirname, '..', '..');

export function migrationsHash(): string {
  const folder = migrationsFolder(ROOT_DIR);
  const hash = createHash('sha256');
  for (const file of readdirSync(folder)
    .filter((f) => f.endsWith('.sql'))
    .sort()) {
    hash.update(file).update(readFileSync(join(folder, file)));
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * A migrated PGlite data directory, made once per set of migrations: initdb costs ~2 s and ~800 MB,
 * copying the directory for each test file costs a fraction of that.
 */
export async function pgliteTemplateDir(): Promise<string> {
  const dir = join(tmpdir(), `vr-pglite-template-${migrationsHash()}`);
  if (existsSync(join(dir, 'PG_VERSION'))) return dir;
  const staging = `${dir}.${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  const handle = await openDatabase({
    pgliteDir: staging,
    poolSize: 1,
    migrationsFolder: migrationsFolder(ROOT_DIR),
  });
  await handle.close();
  if (!existsSync(join(dir, 'PG_VERSION'))) {
    rmSync(dir, { recursive: true, force: true });
    renameSync(staging, dir);
  } else {
    rmSync(staging, { recursive: true, force: true });
  }
  return dir;
}
