// One archive with the database and every stored file, for both engines and both storage drivers (docs/decisions/056):
// written by backup.ts, loaded by restore.ts. No command-line entry here: esbuild bundles modules into one file, where
// an `import.meta.url` check of an imported module would run it too.
import { spawn } from 'node:child_process';
import { createReadStream, createWriteStream, openAsBlob } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import * as tar from 'tar';
import type { AppConfig } from '../config';
import { connectDatabase, createDatabase, type DatabaseConnection, queryRows } from '../db/client';
import { STORAGE_KEY } from '../storage/local-disk-storage';
import { storageSide } from './stored-files';

/** Bumped when the archive's layout changes; restore refuses a format it does not know. */
export const BACKUP_FORMAT = 1;

const MANIFEST = 'manifest.json';
const DATABASE_DIR = 'database';
const FILES_DIR = 'files';
const PGLITE_DUMP = 'pglite.tar.gz';
const POSTGRES_DUMP = 'postgres.dump';

export type Engine = 'pglite' | 'postgres';

/** What an archive holds, as written in its manifest and as restore reports it. */
export interface BackupSummary {
  format: number;
  engine: Engine;
  /** The storage driver the files were read from; restore writes them to the one configured now. */
  storage: 'local' | 's3';
  createdAt: string;
  /** Rows per table of the `public` schema. */
  tables: Record<string, number>;
  files: number;
  bytes: number;
}

/** The target of a restore holds data; `--force` replaces it. */
export class RestoreRefusedError extends Error {
  constructor(reasons: string[]) {
    super(`Restore refused: ${reasons.join('; ')}. Restore into an empty database and storage, or add --force to replace them.`);
    this.name = 'RestoreRefusedError';
  }
}

const engineOf = (config: Pick<AppConfig, 'databaseUrl'>): Engine => (config.databaseUrl ? 'postgres' : 'pglite');
const pgliteDir = (config: AppConfig) => path.join(config.dataDir, 'pglite');

/** Row counts of every table in the `public` schema, by name. */
export async function tableCounts(connection: DatabaseConnection): Promise<Record<string, number>> {
  const tables = await queryRows<{ name: string }>(
    connection.db,
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const [row] = await queryRows<{ n: number }>(connection.db, sql`select count(*)::int as n from ${sql.identifier(name)}`);
    counts[name] = row.n;
  }
  return counts;
}

/** Runs pg_dump or pg_restore; rejects with what it printed on stderr. */
function runTool(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      reject(error.code === 'ENOENT' ? new Error(`${command} not found: install PostgreSQL's client tools (docs/backups.md)`) : error);
    });
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${command} exited with ${code}: ${stderr.trim()}`))));
  });
}

async function withTempDir<T>(near: string, work: (dir: string) => Promise<T>): Promise<T> {
  // Beside the archive, not in /tmp: the staged copy is as large as the data.
  const dir = await mkdtemp(path.join(path.dirname(path.resolve(near)), '.crm-backup-'));
  try {
    return await work(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export interface BackupOptions {
  /** An open connection to dump (tests); otherwise the configured database is opened and closed. */
  connection?: DatabaseConnection;
  log?: (line: string) => void;
}

/**
 * Writes `out`: a gzipped tar of `manifest.json`, `database/` (PGlite's data-dir dump, or `pg_dump --format=custom`)
 * and `files/<key>` for every object of the configured storage. The database goes first: a file uploaded meanwhile is
 * only an extra file in the archive.
 */
export async function backup(config: AppConfig, out: string, { connection: given, log = () => {} }: BackupOptions = {}): Promise<BackupSummary> {
  const connection = given ?? (await connectDatabase(config));
  try {
    return await withTempDir(out, async (dir) => {
      await mkdir(path.join(dir, DATABASE_DIR));
      await mkdir(path.join(dir, FILES_DIR));
      const tables = await tableCounts(connection);
      if (connection.driver === 'pglite') {
        const dump = await connection.client.dumpDataDir('gzip');
        await pipeline(dump.stream(), createWriteStream(path.join(dir, DATABASE_DIR, PGLITE_DUMP)));
      } else {
        await runTool('pg_dump', ['--format=custom', `--file=${path.join(dir, DATABASE_DIR, POSTGRES_DUMP)}`, `--dbname=${config.databaseUrl}`]);
      }
      log(`database: ${Object.keys(tables).length} tables, ${Object.values(tables).reduce((a, b) => a + b, 0)} rows`);

      const storage = storageSide(config, config.files.driver);
      let files = 0;
      let bytes = 0;
      try {
        for await (const file of storage.list()) {
          const body = file.open ? file.open() : await storage.storage.get(file.key);
          await pipeline(body, createWriteStream(path.join(dir, FILES_DIR, file.key)));
          files++;
          bytes += file.size;
        }
      } finally {
        storage.close();
      }
      log(`files: ${files} (${bytes} bytes) from ${config.files.driver}`);

      const summary: BackupSummary = {
        format: BACKUP_FORMAT,
        engine: connection.driver,
        storage: config.files.driver,
        createdAt: new Date().toISOString(),
        tables,
        files,
        bytes,
      };
      await writeFile(path.join(dir, MANIFEST), `${JSON.stringify(summary, null, 2)}\n`);
      // Written under another name and moved into place: a cut-off backup never looks like a whole one.
      const partial = `${out}.partial`;
      await tar.create({ gzip: true, file: partial, cwd: dir, portable: true }, [MANIFEST, DATABASE_DIR, FILES_DIR]);
      await rename(partial, out);
      return summary;
    });
  } finally {
    if (!given) await connection.close();
  }
}

export interface RestoreOptions {
  /** Replace what the target holds (PGlite's folder is moved aside, PostgreSQL's schemas are dropped first). */
  force?: boolean;
  log?: (line: string) => void;
}

/** What the target holds already: one reason per part that is not empty. */
async function occupied(config: AppConfig): Promise<string[]> {
  const reasons: string[] = [];
  if (engineOf(config) === 'pglite') {
    const entries = await readdir(pgliteDir(config)).catch(() => []);
    if (entries.length > 0) reasons.push(`${pgliteDir(config)} holds a PGlite database`);
  } else {
    const connection = await createDatabase({ driver: 'postgres', url: config.databaseUrl! });
    try {
      const tables = Object.keys(await tableCounts(connection));
      if (tables.length > 0) reasons.push(`the database holds ${tables.length} tables`);
    } finally {
      await connection.close();
    }
  }
  const storage = storageSide(config, config.files.driver);
  try {
    for await (const file of storage.list()) {
      reasons.push(`the ${config.files.driver} file storage holds files (${file.key}…)`);
      break;
    }
  } finally {
    storage.close();
  }
  return reasons;
}

/** Empties a PostgreSQL database for `restore --force`: every schema but the system's goes, an empty `public` comes back. */
async function dropSchemas(url: string): Promise<string[]> {
  const connection = await createDatabase({ driver: 'postgres', url });
  try {
    const schemas = await queryRows<{ name: string }>(
      connection.db,
      sql`select nspname as name from pg_namespace where nspname !~ '^pg_' and nspname <> 'information_schema' order by nspname`,
    );
    await connection.db.transaction(async (tx) => {
      for (const { name } of schemas) await tx.execute(sql`drop schema ${sql.identifier(name)} cascade`);
      await tx.execute(sql`create schema public`);
    });
    return schemas.map((s) => s.name);
  } finally {
    await connection.close();
  }
}

/**
 * Restores `archive` into the configured database and file storage, which must be empty unless `force`; the database
 * engine must be the archive's (a PGlite dump cannot load into PostgreSQL), the storage driver may differ. Checks the
 * restored row counts against the manifest and answers it.
 */
export async function restore(config: AppConfig, archive: string, { force = false, log = () => {} }: RestoreOptions = {}): Promise<BackupSummary> {
  await stat(archive).catch(() => {
    throw new Error(`${archive}: no such file`);
  });
  return withTempDir(archive, async (dir) => {
    await tar.extract({ file: archive, cwd: dir });
    const summary = JSON.parse(await readFile(path.join(dir, MANIFEST), 'utf8').catch(() => '{}')) as BackupSummary;
    if (summary.format !== BACKUP_FORMAT) throw new Error(`${archive} is not a CRM backup of format ${BACKUP_FORMAT}`);
    const engine = engineOf(config);
    if (summary.engine !== engine) {
      throw new Error(
        summary.engine === 'pglite'
          ? 'This backup is of embedded PGlite: restore it with DATABASE_URL unset'
          : 'This backup is of PostgreSQL: restore it with DATABASE_URL set',
      );
    }
    const reasons = await occupied(config);
    if (reasons.length > 0 && !force) throw new RestoreRefusedError(reasons);

    let connection: DatabaseConnection;
    if (engine === 'pglite') {
      const folder = pgliteDir(config);
      if (reasons.length > 0) {
        const aside = `${folder}.before-restore-${Date.now()}`;
        await rename(folder, aside).catch(() => undefined);
        log(`the PGlite database that was there is kept in ${aside}`);
      }
      await mkdir(folder, { recursive: true });
      const client = await PGlite.create(folder, { extensions: { pg_trgm }, loadDataDir: await openAsBlob(path.join(dir, DATABASE_DIR, PGLITE_DUMP)) });
      await client.close();
      connection = await connectDatabase(config);
    } else {
      if (reasons.length > 0) {
        // pg_restore's own --clean trips over pg-boss's partitioned tables: the schemas go instead, whatever they hold.
        const dropped = await dropSchemas(config.databaseUrl!);
        log(`dropped schemas ${dropped.join(', ')} of the database that was there`);
      }
      // One transaction: a restore that fails leaves no half-restored database.
      await runTool('pg_restore', ['--no-owner', '--no-privileges', '--single-transaction', `--dbname=${config.databaseUrl}`, path.join(dir, DATABASE_DIR, POSTGRES_DUMP)]);
      connection = await connectDatabase(config);
    }
    try {
      const restored = await tableCounts(connection);
      const differ = Object.entries(summary.tables).filter(([table, n]) => restored[table] !== n);
      if (differ.length > 0) {
        throw new Error(`The restored database differs from the backup: ${differ.map(([table, n]) => `${table} ${restored[table] ?? 'missing'} of ${n} rows`).join(', ')}`);
      }
    } finally {
      await connection.close();
    }
    log(`database: ${Object.keys(summary.tables).length} tables, ${Object.values(summary.tables).reduce((a, b) => a + b, 0)} rows (${engine})`);

    const storage = storageSide(config, config.files.driver);
    let files = 0;
    let bytes = 0;
    try {
      for (const key of (await readdir(path.join(dir, FILES_DIR))).sort()) {
        if (!STORAGE_KEY.test(key)) continue;
        // The local driver never overwrites (`wx`): with --force, what the target held under this key goes first.
        if (force) await storage.storage.delete(key);
        const { size } = await storage.storage.put(key, createReadStream(path.join(dir, FILES_DIR, key)));
        files++;
        bytes += size;
      }
    } finally {
      storage.close();
    }
    if (files !== summary.files) throw new Error(`Restored ${files} of the backup's ${summary.files} files`);
    log(`files: ${files} (${bytes} bytes) to ${config.files.driver}`);
    return summary;
  });
}

/** Command-line arguments after pnpm's `--` separator (parseArgs would take everything after it as positionals). */
export const cliArgs = () => process.argv.slice(2).filter((arg) => arg !== '--');

/** A path given on the command line, from where the command was typed (pnpm --filter runs in api/; INIT_CWD is the shell's). */
export const cliPath = (given: string) => path.resolve(process.env.INIT_CWD || process.cwd(), given);

/** Prints what a backup or restore holds: tables with their rows, then the files. */
export function describeSummary(summary: BackupSummary): string {
  const tables = Object.entries(summary.tables)
    .map(([table, n]) => `  ${table}: ${n}`)
    .join('\n');
  return `${summary.engine === 'postgres' ? 'PostgreSQL' : 'PGlite'} database of ${summary.createdAt}, rows per table:\n${tables}\nfiles: ${summary.files} (${summary.bytes} bytes)\n`;
}
