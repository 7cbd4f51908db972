import type { Database } from '../db/client';
import { leadFavorites } from '../db/schema/lead-favorites';
import { normalizePhone } from '../lib/phone';
import { insertLeadRows, insertLeadUsers, LEAD_BATCH } from './lead/lead-rows';

export interface NewLead {
  surname: string;
  firstname: string;
  patronymic?: string;
  phone: string;
  statusId?: number | null;
  additionalInfo?: string;
  createdBy?: number | null;
  createdAt?: Date;
  users?: number[];
}

/** Leads written straight to the tables, for the demo seed, tests and benchmarks: no checks, no history. */
export function createLeadSeedRepository(db: Database) {
  return {
    /** Batch insert; returns the new ids in input order. */
    async insertMany(items: NewLead[]): Promise<number[]> {
      const ids: number[] = [];
      await db.transaction(async (tx) => {
        for (let start = 0; start < items.length; start += LEAD_BATCH) {
          const batch = items.slice(start, start + LEAD_BATCH);
          const batchIds = await insertLeadRows(
            tx,
            batch.map((item) => ({
              surname: item.surname,
              firstname: item.firstname,
              patronymic: item.patronymic ?? '',
              phone: item.phone,
              phoneNormalized: normalizePhone(item.phone),
              statusId: item.statusId ?? null,
              additionalInfo: item.additionalInfo ?? '',
              createdBy: item.createdBy ?? null,
              createdAt: item.createdAt,
              hasResponsibleUser: (item.users ?? []).length > 0,
            })),
          );
          await insertLeadUsers(tx, batch.flatMap((item, i) => (item.users ?? []).map((userId) => ({ leadId: batchIds[i], userId }))));
          ids.push(...batchIds);
        }
      });
      return ids;
    },

    async addFavorite(leadId: number, userId: number): Promise<void> {
      await db.insert(leadFavorites).values({ leadId, userId }).onConflictDoNothing();
    },
  };
}

export type LeadSeedRepository = ReturnType<typeof createLeadSeedRepository>;
