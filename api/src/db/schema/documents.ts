import { sql } from 'drizzle-orm';
import { customType, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { documentCategories } from './document-categories';
import { users } from './users';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * The search vector, kept by PostgreSQL itself: title (weight A), body text (B) and file names (C), each in the
 * Russian and the English configuration so that word forms of either language match.
 */
export const DOCUMENT_SEARCH_VECTOR = sql`setweight(to_tsvector('russian'::regconfig, title), 'A') || setweight(to_tsvector('english'::regconfig, title), 'A') || setweight(to_tsvector('russian'::regconfig, plain_text), 'B') || setweight(to_tsvector('english'::regconfig, plain_text), 'B') || setweight(to_tsvector('russian'::regconfig, file_names), 'C') || setweight(to_tsvector('english'::regconfig, file_names), 'C')`;

export const documents = pgTable(
  'documents',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    title: text('title').notNull(),
    /** Sanitised HTML (api/src/lib/rich-text.ts). */
    text: text('text').notNull().default(''),
    /** The body without markup, for search and excerpts. */
    plainText: text('plain_text').notNull().default(''),
    // Restrict: a category that holds documents is deleted only after they move (409 CATEGORY_IN_USE otherwise).
    categoryId: integer('category_id')
      .notNull()
      .references(() => documentCategories.id, { onDelete: 'restrict' }),
    links: jsonb('links').$type<string[]>().notNull().default([]),
    /** The display names of the files, space separated: a generated column can only read its own row. */
    fileNames: text('file_names').notNull().default(''),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
    search: tsvector('search').notNull().generatedAlwaysAs(DOCUMENT_SEARCH_VECTOR),
  },
  (t) => [
    index('documents_category_id_idx').on(t.categoryId),
    index('documents_updated_at_idx').on(t.updatedAt),
    index('documents_search_idx').using('gin', t.search),
  ],
);
