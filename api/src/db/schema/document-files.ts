import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { documents } from './documents';
import { users } from './users';

export const documentFiles = pgTable(
  'document_files',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    documentId: integer('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    /** As the user named it, without path parts or control characters. */
    fileName: text('file_name').notNull(),
    /** Random; the only name the storage knows. */
    storageKey: text('storage_key').notNull().unique(),
    /** The thumbnail of an image. */
    previewKey: text('preview_key'),
    size: bigint('size', { mode: 'number' }).notNull(),
    /** Sniffed from the bytes. */
    mime: text('mime').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('document_files_document_id_idx').on(t.documentId)],
);
