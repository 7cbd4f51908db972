import { and, asc, desc, eq, ilike, or } from 'drizzle-orm';
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

/**
 * The global search box (decision 041): a few hits per kind, each through the same rules as its own list — leads
 * with the list's search (name words, a phone in any format) inside the viewer's lead scope, documents with the
 * full-text search of decision 018, users by name or email.
 */
export function createSearchRepository(db: Database, deps: { scope: LeadScopeHelper; documents: DocumentSearch }) {
  return {
    async leads(q: string, limit: number, viewer: LeadViewer): Promise<SearchLeadHit[]> {
      const where = await leadFilterCondition(db, deps.scope, { search: q, favoriteOnly: false }, viewer);
      const rows = await db
        .select({ id: leads.id, surname: leads.surname, firstname: leads.firstname, patronymic: leads.patronymic, phone: leads.phone })
        .from(leads)
        .where(where)
        .orderBy(desc(leads.updatedAt), desc(leads.id))
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
