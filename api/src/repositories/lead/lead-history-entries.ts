import { sql } from 'drizzle-orm';
import type { LeadHistoryEntry, LeadHistoryField } from '@crm/shared/schemas';
import type { Database } from '../../db/client';
import { type LeadChanges, leadHistory } from '../../db/schema/lead-history';
import { storableJson } from '../../db/storable-json';

export type HistoryAction = LeadHistoryEntry['action'];

export interface NewHistoryEntry {
  leadId: number;
  userId: number | null;
  action: HistoryAction;
  changes?: LeadChanges | null;
}

/** A lead's fields as history compares them, named as the API names them (a save, an import's update). */
export function historyFields(
  lead: { surname: string; firstname: string; patronymic: string; phone: string; statusId: number | null; additionalInfo: string },
  users: number[],
) {
  return {
    surname: lead.surname,
    firstname: lead.firstname,
    patronymic: lead.patronymic,
    phone: lead.phone,
    status_id: lead.statusId,
    additional_info: lead.additionalInfo,
    users,
  };
}

const HISTORY_BATCH = 1_000;

/**
 * Writes history rows; call it with the transaction that makes the change, so both commit or neither does.
 * One multi-row INSERT per 1,000 entries, through `unnest` so an import's batch costs four parameters, not 4,000.
 * Values jsonb cannot hold (NUL, unpaired surrogates) are stored as U+FFFD rather than failing the change.
 */
export async function recordHistory(tx: Database, entries: NewHistoryEntry[]): Promise<void> {
  for (let start = 0; start < entries.length; start += HISTORY_BATCH) {
    const batch = entries.slice(start, start + HISTORY_BATCH);
    const column = <T>(pick: (entry: NewHistoryEntry) => T) => sql.param(batch.map(pick));
    await tx.execute(sql`insert into ${leadHistory} (lead_id, user_id, action, changes)
      select h.lead_id, h.user_id, h.action, h.changes::jsonb
      from unnest(${column((e) => e.leadId)}::int[], ${column((e) => e.userId)}::int[], ${column((e) => e.action)}::text[],
        ${column((e) => (e.changes ? JSON.stringify(storableJson(e.changes)) : null))}::text[]) as h(lead_id, user_id, action, changes)`);
  }
}

/** `{field: {from, to}}` for each field whose value differs; arrays compare by content. */
export function diffFields(before: Partial<Record<LeadHistoryField, unknown>>, after: Partial<Record<LeadHistoryField, unknown>>): LeadChanges {
  const changes: LeadChanges = {};
  for (const field of Object.keys(after) as LeadHistoryField[]) {
    const from = before[field];
    const to = after[field];
    if (JSON.stringify(from) !== JSON.stringify(to)) changes[field] = { from, to };
  }
  return changes;
}
