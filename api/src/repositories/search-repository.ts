import { type AnyColumn, and, asc, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { SearchDocumentHit, SearchLeadHit, SearchUserHit } from '@crm/shared/schemas';
import type { Database } from '../db/client';
import { leads } from '../db/schema/leads';
import { users } from '../db/schema/users';
import { leadFilterCondition } from './lead/lead-list-filters';
import type { LeadScopeHelper, LeadViewer } from './lead-scope';

/** The document list's full-text search (decision 018), passed in: a repository never imports another. */
export interface DocumentSearch {
  list(options: { page: number; perPage: number; search?: string }): Promise<{ data: { id: number; title: string; category: { title: string } }[] }>;
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A word of digits and phone punctuation only: the list's search matches it against the phone (lead-list-filters.ts). */
const PHONE_WORD = /^[\d\s()+\-.]+$/;

/**
 * The matches the ranking looks at: the most recently changed ones, found as before (the `updated_at` index, or the
 * trigram index for a rare word). A very common word then costs a bounded sort, not a score for every lead
 * (docs/decisions/068).
 */
export const RANKED_CANDIDATES = 1_000;

type NameColumns = { surname: SQL.Aliased<string> | AnyColumn; firstname: SQL.Aliased<string> | AnyColumn; patronymic: SQL.Aliased<string> | AnyColumn };

/**
 * How well a lead matches the typed words, lower first: each name word scores where it matched — the surname (from
 * its start 0, inside it 1), the first name (2, 3), the patronymic (4, 5) — and anything else (the phone) 6; the
 * scores add up. Undefined when no word is a name word (a phone alone keeps the newest first).
 */
function leadRank(q: string, columns: NameColumns): SQL | undefined {
  const words = q.trim().toLowerCase().split(/\s+/).filter((word) => word !== '' && !(PHONE_WORD.test(word) && /\d/.test(word)));
  if (words.length === 0) return undefined;
  const parts = [columns.surname, columns.firstname, columns.patronymic];
  const scores = words.map((word) => {
    const prefix = `${escapeLike(word)}%`;
    const inside = `%${escapeLike(word)}%`;
    const cases = parts.map(
      (column, i) => sql`when lower(${column}) like ${prefix} then ${sql.raw(String(2 * i))} when lower(${column}) like ${inside} then ${sql.raw(String(2 * i + 1))}`,
    );
    return sql`(case ${sql.join(cases, sql` `)} else 6 end)`;
  });
  return sql.join(scores, sql` + `);
}

/**
 * The global search box (decision 041): a few hits per kind, each through the same rules as its own list — leads
 * with the list's search (name words, a phone in any format) inside the viewer's lead scope, best match first
 * (surname, first name, patronymic, phone; docs/decisions/068), documents with the
 * full-text search of decision 018, users by name or email.
 */
export function createSearchRepository(db: Database, deps: { scope: LeadScopeHelper; documents: DocumentSearch }) {
  return {
    async leads(q: string, limit: number, viewer: LeadViewer): Promise<SearchLeadHit[]> {
      const where = await leadFilterCondition(db, deps.scope, { search: q, favoriteOnly: false }, viewer);
      const candidates = db
        .select({
          id: leads.id,
          surname: leads.surname,
          firstname: leads.firstname,
          patronymic: leads.patronymic,
          phone: leads.phone,
          updatedAt: leads.updatedAt,
        })
        .from(leads)
        .where(where)
        .orderBy(desc(leads.updatedAt), desc(leads.id))
        .limit(RANKED_CANDIDATES)
        .as('candidates');
      const rank = leadRank(q, candidates);
      const rows = await db
        .select({ id: candidates.id, surname: candidates.surname, firstname: candidates.firstname, patronymic: candidates.patronymic, phone: candidates.phone })
        .from(candidates)
        .orderBy(...(rank ? [rank] : []), desc(candidates.updatedAt), desc(candidates.id))
        .limit(limit);
      return rows.map((row) => ({
        id: row.id,
        name: [row.surname, row.firstname, row.patronymic].filter((part) => part !== '').join(' '),
        phone: row.phone,
      }));
    },

    async documents(q: string, limit: number): Promise<SearchDocumentHit[]> {
      const { data } = await deps.documents.list({ page: 1, perPage: limit, search: q });
      return data.map((row) => ({ id: row.id, title: row.title, category: row.category.title }));
    },

    async users(q: string, limit: number): Promise<SearchUserHit[]> {
      const pattern = `%${escapeLike(q)}%`;
      return db
        .select({ id: users.id, name: users.name, email: users.email, avatar: users.avatar })
        .from(users)
        .where(and(eq(users.active, true), or(ilike(users.name, pattern), ilike(users.email, pattern), ilike(users.firstName, pattern))))
        .orderBy(asc(users.name), asc(users.id))
        .limit(limit);
    },
  };
}

export type SearchRepository = ReturnType<typeof createSearchRepository>;
