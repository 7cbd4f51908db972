import { and, asc, eq, sql } from 'drizzle-orm';
import type { WhiteIp } from '@crm/shared/schemas';
import type { Database } from '../db/client';
import { UNIQUE_VIOLATION, postgresErrorCode } from '../db/errors';
import { users } from '../db/schema/users';
import { whiteIpState, whiteIps } from '../db/schema/white-ips';
import { AppError, notFound, validationFailed } from '../errors/app-error';

const ALREADY_LISTED = 'This address or range is already on the list';

const columns = {
  id: whiteIps.id,
  address: whiteIps.address,
  comment: whiteIps.comment,
  createdAt: whiteIps.createdAt,
  version: whiteIps.version,
  creatorId: users.id,
  creatorName: users.name,
  creatorFirstName: users.firstName,
  creatorEmail: users.email,
};

type Row = { id: number; address: string; comment: string; createdAt: Date; version: number; creatorId: number | null; creatorName: string | null; creatorFirstName: string | null; creatorEmail: string | null };

const toDto = (r: Row): WhiteIp => ({
  id: r.id,
  address: r.address,
  comment: r.comment,
  created_by: r.creatorId === null ? null : { id: r.creatorId, name: (r.creatorName ?? '').trim() || (r.creatorFirstName ?? ''), email: r.creatorEmail ?? '' },
  created_at: r.createdAt.toISOString(),
  version: r.version,
});

export interface AllowListState {
  enforced: boolean;
  version: number;
}

export function createWhiteIpRepository(db: Database) {
  /** Every change bumps the version the other instances compare, and turns enforcement back on. */
  const bump = (tx: Database) =>
    tx.update(whiteIpState).set({ enforced: true, version: sql`${whiteIpState.version} + 1`, updatedAt: sql`now()` }).where(eq(whiteIpState.id, 1));

  async function find(tx: Database, id: number): Promise<WhiteIp | undefined> {
    const [row] = await tx.select(columns).from(whiteIps).leftJoin(users, eq(users.id, whiteIps.createdBy)).where(eq(whiteIps.id, id));
    return row && toDto(row);
  }

  const uniqueSafe = async <T>(write: () => Promise<T>): Promise<T> => {
    try {
      return await write();
    } catch (error) {
      if (postgresErrorCode(error) === UNIQUE_VIOLATION) throw validationFailed({ address: [ALREADY_LISTED] });
      throw error;
    }
  };

  return {
    async list(): Promise<WhiteIp[]> {
      const rows = await db.select(columns).from(whiteIps).leftJoin(users, eq(users.id, whiteIps.createdBy)).orderBy(asc(whiteIps.id));
      return rows.map(toDto);
    },

    find: (id: number) => find(db, id),

    async addresses(): Promise<string[]> {
      return (await db.select({ address: whiteIps.address }).from(whiteIps)).map((r) => r.address);
    },

    async state(): Promise<AllowListState> {
      const [row] = await db.select({ enforced: whiteIpState.enforced, version: whiteIpState.version }).from(whiteIpState).where(eq(whiteIpState.id, 1));
      return row ?? { enforced: true, version: 0 };
    },

    async create(input: { address: string; comment: string }, createdBy: number): Promise<WhiteIp> {
      const id = await uniqueSafe(() =>
        db.transaction(async (tx) => {
          const [created] = await tx.insert(whiteIps).values({ address: input.address, comment: input.comment, createdBy }).returning({ id: whiteIps.id });
          await bump(tx);
          return created.id;
        }),
      );
      return (await find(db, id))!;
    },

    /** From the version the form loaded: a stale one answers 409. */
    async update(id: number, input: { address?: string; comment?: string; version: number }): Promise<WhiteIp> {
      await uniqueSafe(() =>
        db.transaction(async (tx) => {
          const changes = Object.fromEntries(Object.entries({ address: input.address, comment: input.comment }).filter(([, v]) => v !== undefined));
          const updated = await tx
            .update(whiteIps)
            .set({ ...changes, version: sql`${whiteIps.version} + 1`, updatedAt: sql`now()` })
            .where(and(eq(whiteIps.id, id), eq(whiteIps.version, input.version)))
            .returning({ id: whiteIps.id });
          if (updated.length === 0) {
            const [exists] = await tx.select({ id: whiteIps.id }).from(whiteIps).where(eq(whiteIps.id, id));
            if (!exists) throw notFound('IP entry not found');
            throw new AppError('CONFLICT', 'Someone changed this entry after you opened it. Reload it and try again.');
          }
          await bump(tx);
        }),
      );
      return (await find(db, id))!;
    },

    async delete(id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const deleted = await tx.delete(whiteIps).where(eq(whiteIps.id, id)).returning({ id: whiteIps.id });
        if (deleted.length === 0) throw notFound('IP entry not found');
        await bump(tx);
      });
    },

    /** The recovery command: the list stays, enforcement stops until the next change to the list. */
    async disableEnforcement(): Promise<void> {
      await db.update(whiteIpState).set({ enforced: false, version: sql`${whiteIpState.version} + 1`, updatedAt: sql`now()` }).where(eq(whiteIpState.id, 1));
    },
  };
}

export type WhiteIpRepository = ReturnType<typeof createWhiteIpRepository>;
