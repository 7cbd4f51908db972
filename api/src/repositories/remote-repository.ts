import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Remote, RemoteLoadErrors } from '@crm/shared/schemas';
import { REMOTE_SCOPES, type RemoteName } from '@crm/shared/routes';
import type { Database } from '../db/client';
import { remoteEntries, remoteLoadErrors, remoteRegistryState } from '../db/schema/remotes';
import { users } from '../db/schema/users';

/** What a manifest check found about the build behind an entry. */
export interface RemoteBuild {
  entry: string;
  version: string | null;
  commit: string | null;
  sharedRange: string | null;
}

const switcher = alias(users, 'switcher');

/** How many load-error reports each remote keeps: a report beyond that deletes the oldest. */
export const REMOTE_LOAD_ERRORS_KEPT = 50;

const NO_ERRORS: RemoteLoadErrors = { count_24h: 0, latest: null };

const columns = {
  id: remoteEntries.id,
  remote: remoteEntries.remote,
  entry: remoteEntries.entry,
  version: remoteEntries.version,
  commit: remoteEntries.commit,
  sharedRange: remoteEntries.sharedRange,
  source: remoteEntries.source,
  switchedAt: remoteEntries.switchedAt,
  switcherId: switcher.id,
  switcherName: switcher.name,
  switcherFirstName: switcher.firstName,
  switcherEmail: switcher.email,
};

type Row = {
  id: number;
  remote: string;
  entry: string;
  version: string | null;
  commit: string | null;
  sharedRange: string | null;
  source: string;
  switchedAt: Date;
  switcherId: number | null;
  switcherName: string | null;
  switcherFirstName: string | null;
  switcherEmail: string | null;
};

const toDto = (r: Row, previous: Row | undefined, lastErrors: RemoteLoadErrors = NO_ERRORS): Remote => ({
  name: r.remote,
  scope: REMOTE_SCOPES[r.remote as RemoteName],
  entry: r.entry,
  version: r.version,
  commit: r.commit,
  shared_range: r.sharedRange,
  source: r.source === 'api' ? 'api' : 'config',
  switched_at: r.switchedAt.toISOString(),
  switched_by:
    r.switcherId === null ? null : { id: r.switcherId, name: (r.switcherName ?? '').trim() || (r.switcherFirstName ?? ''), email: r.switcherEmail ?? '' },
  previous_entry: previous?.entry ?? null,
  last_errors: lastErrors,
});

/** The remote registry (docs/decisions/052): a stack of entries per remote, the newest not rolled back is active. */
export function createRemoteRepository(db: Database) {
  const bump = () => db.update(remoteRegistryState).set({ version: sql`${remoteRegistryState.version} + 1`, updatedAt: sql`now()` }).where(eq(remoteRegistryState.id, 1));

  /** Every live row (not rolled back), newest first within each remote. */
  const liveRows = (remote?: RemoteName): Promise<Row[]> =>
    db
      .select(columns)
      .from(remoteEntries)
      .leftJoin(switcher, eq(switcher.id, remoteEntries.switchedBy))
      .where(and(isNull(remoteEntries.rolledBackAt), remote === undefined ? undefined : eq(remoteEntries.remote, remote)))
      .orderBy(asc(remoteEntries.remote), desc(remoteEntries.id));

  /** Per remote: the reports of the last 24 hours (of those kept) and the newest report. */
  async function loadErrorSummaries(remote?: RemoteName): Promise<Map<string, RemoteLoadErrors>> {
    const which = remote === undefined ? undefined : eq(remoteLoadErrors.remote, remote);
    const counts = await db
      .select({ remote: remoteLoadErrors.remote, count: sql<number>`count(*)::int` })
      .from(remoteLoadErrors)
      .where(and(which, sql`${remoteLoadErrors.reportedAt} > now() - interval '24 hours'`))
      .groupBy(remoteLoadErrors.remote);
    const latest = await db
      .selectDistinctOn([remoteLoadErrors.remote], {
        remote: remoteLoadErrors.remote,
        message: remoteLoadErrors.message,
        version: remoteLoadErrors.version,
        reportedAt: remoteLoadErrors.reportedAt,
      })
      .from(remoteLoadErrors)
      .where(which)
      .orderBy(remoteLoadErrors.remote, desc(remoteLoadErrors.id));
    const result = new Map<string, RemoteLoadErrors>();
    for (const row of latest) {
      result.set(row.remote, {
        count_24h: Number(counts.find((c) => c.remote === row.remote)?.count ?? 0),
        latest: { message: row.message, version: row.version, reported_at: row.reportedAt.toISOString() },
      });
    }
    return result;
  }

  /** Each remote's active row and the one under it. */
  async function stacks(remote?: RemoteName): Promise<Map<string, Remote>> {
    const result = new Map<string, Remote>();
    const rows = await liveRows(remote);
    const errors = await loadErrorSummaries(remote);
    for (let i = 0; i < rows.length; i += 1) {
      if (result.has(rows[i].remote)) continue;
      const next = rows[i + 1];
      result.set(rows[i].remote, toDto(rows[i], next?.remote === rows[i].remote ? next : undefined, errors.get(rows[i].remote)));
    }
    return result;
  }

  return {
    /** Every remote the route table names, in its order; a remote without a row yet is left out. */
    async list(): Promise<Remote[]> {
      const all = await stacks();
      return (Object.keys(REMOTE_SCOPES) as RemoteName[]).flatMap((name) => all.get(name) ?? []);
    },

    async find(remote: RemoteName): Promise<Remote | undefined> {
      return (await stacks(remote)).get(remote);
    },

    async version(): Promise<number> {
      const [row] = await db.select({ version: remoteRegistryState.version }).from(remoteRegistryState).where(eq(remoteRegistryState.id, 1));
      return row?.version ?? 0;
    },

    /**
     * At start: REMOTE_*_URL is the bottom of each remote's stack. With no switch on top it is what loads; under a
     * switch it waits as the rollback target. Returns whether anything changed.
     */
    async seedFromConfig(remote: RemoteName, build: RemoteBuild): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [base] = await tx
          .select({ id: remoteEntries.id, entry: remoteEntries.entry })
          .from(remoteEntries)
          .where(and(eq(remoteEntries.remote, remote), eq(remoteEntries.source, 'config'), isNull(remoteEntries.rolledBackAt)))
          .orderBy(asc(remoteEntries.id))
          .limit(1)
          .for('update');
        if (base && base.entry === build.entry) return false;
        const values = { entry: build.entry, version: build.version, commit: build.commit, sharedRange: build.sharedRange };
        if (base) await tx.update(remoteEntries).set({ ...values, switchedAt: sql`now()` }).where(eq(remoteEntries.id, base.id));
        else await tx.insert(remoteEntries).values({ ...values, remote, source: 'config' });
        await tx.update(remoteRegistryState).set({ version: sql`${remoteRegistryState.version} + 1`, updatedAt: sql`now()` }).where(eq(remoteRegistryState.id, 1));
        return true;
      });
    },

    /** Pushes a checked build on top of the remote's stack. */
    async push(remote: RemoteName, build: RemoteBuild, userId: number): Promise<void> {
      await db.insert(remoteEntries).values({
        remote,
        entry: build.entry,
        version: build.version,
        commit: build.commit,
        sharedRange: build.sharedRange,
        source: 'api',
        switchedBy: userId,
      });
      await bump();
    },

    /** Keeps a browser's report that the remote failed to load; only the newest REMOTE_LOAD_ERRORS_KEPT stay. */
    async recordLoadError(remote: RemoteName, report: { message: string; version: string | null }, userId: number): Promise<void> {
      await db.insert(remoteLoadErrors).values({ remote, message: report.message, version: report.version, reportedBy: userId });
      await db.execute(
        sql`delete from ${remoteLoadErrors} where ${remoteLoadErrors.remote} = ${remote} and ${remoteLoadErrors.id} not in (
              select ${remoteLoadErrors.id} from ${remoteLoadErrors} where ${remoteLoadErrors.remote} = ${remote}
              order by ${remoteLoadErrors.id} desc limit ${REMOTE_LOAD_ERRORS_KEPT})`,
      );
    },

    /** Retires the active entry; false when it is the last one (nothing to go back to). */
    async rollback(remote: RemoteName, userId: number): Promise<boolean> {
      const live = await db
        .select({ id: remoteEntries.id })
        .from(remoteEntries)
        .where(and(eq(remoteEntries.remote, remote), isNull(remoteEntries.rolledBackAt)))
        .orderBy(desc(remoteEntries.id))
        .limit(2)
        .for('update');
      if (live.length < 2) return false;
      await db.update(remoteEntries).set({ rolledBackAt: sql`now()`, rolledBackBy: userId }).where(eq(remoteEntries.id, live[0].id));
      await bump();
      return true;
    },
  };
}

export type RemoteRepository = ReturnType<typeof createRemoteRepository>;
