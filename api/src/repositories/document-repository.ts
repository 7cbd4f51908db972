import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DocumentListItem, HighlightPart } from '@crm/shared/schemas';
import type { Database } from '../db/client';
import { FOREIGN_KEY_VIOLATION, postgresErrorCode } from '../db/errors';
import { documentCategories } from '../db/schema/document-categories';
import { documentFiles } from '../db/schema/document-files';
import { documents } from '../db/schema/documents';
import { users } from '../db/schema/users';
import { AppError, notFound, validationFailed } from '../errors/app-error';
import { htmlToPlainText } from '../lib/plain-text';
import { sanitizeRichText } from '../lib/rich-text';

export const CATEGORY_NOT_FOUND = 'Категория не найдена';
const EXCERPT_LENGTH = 200;
/** Marks ts_headline puts around matches; control characters never occur in stored text (they are not indexed). */
const START = '\u0001';
const STOP = '\u0002';

export interface DocumentFields {
  title: string;
  category_id: number;
  text: string;
  links: string[];
}

export interface DocumentFileRow {
  id: number;
  documentId: number;
  fileName: string;
  storageKey: string;
  previewKey: string | null;
  size: number;
  mime: string;
}

export interface DocumentRow {
  id: number;
  title: string;
  text: string;
  category_id: number;
  links: string[];
  files: DocumentFileRow[];
  created_by: { id: number; name: string } | null;
  updated_by: { id: number; name: string } | null;
  created_at: string;
  updated_at: string;
  version: number;
}

export interface DocumentListOptions {
  page: number;
  perPage: number;
  search?: string;
  categoryId?: number;
  sort?: string;
}

const fileColumns = {
  id: documentFiles.id,
  documentId: documentFiles.documentId,
  fileName: documentFiles.fileName,
  storageKey: documentFiles.storageKey,
  previewKey: documentFiles.previewKey,
  size: documentFiles.size,
  mime: documentFiles.mime,
};

/** ts_headline's output split at its marks. */
export function highlightParts(headline: string): HighlightPart[] {
  const parts: HighlightPart[] = [];
  for (const [index, piece] of headline.split(new RegExp(`[${START}${STOP}]`)).entries()) {
    if (piece !== '') parts.push({ text: piece, match: index % 2 === 1 });
  }
  return parts;
}

/** Words of either language: 'договор' finds 'договоры', 'contract' finds 'contracts'. */
const searchQuery = (search: string) =>
  sql`(websearch_to_tsquery('russian'::regconfig, ${search}) || websearch_to_tsquery('english'::regconfig, ${search}))`;

const stored = (input: DocumentFields) => {
  const text = sanitizeRichText(input.text);
  return { title: input.title, categoryId: input.category_id, text, plainText: htmlToPlainText(text), links: input.links };
};

function versionConflictMessage(name: string | undefined) {
  return name
    ? `Документ уже изменил(а) ${name}. Загрузите актуальную версию, прежде чем сохранять.`
    : 'Документ уже изменён. Загрузите актуальную версию, прежде чем сохранять.';
}

export function createDocumentRepository(db: Database) {
  const creator = alias(users, 'creator');
  const editor = alias(users, 'editor');

  async function detail(id: number, tx: Database = db): Promise<DocumentRow> {
    const [row] = await tx
      .select({
        id: documents.id,
        title: documents.title,
        text: documents.text,
        category_id: documents.categoryId,
        links: documents.links,
        created_at: documents.createdAt,
        updated_at: documents.updatedAt,
        version: documents.version,
        creatorId: creator.id,
        creatorName: creator.name,
        editorId: editor.id,
        editorName: editor.name,
      })
      .from(documents)
      .leftJoin(creator, eq(creator.id, documents.createdBy))
      .leftJoin(editor, eq(editor.id, documents.updatedBy))
      .where(eq(documents.id, id));
    if (!row) throw notFound('Документ не найден');
    const files = await tx.select(fileColumns).from(documentFiles).where(eq(documentFiles.documentId, id)).orderBy(asc(documentFiles.id));
    return {
      id: row.id,
      title: row.title,
      text: row.text,
      category_id: row.category_id,
      links: row.links,
      files: files.map((file) => ({ ...file, size: Number(file.size) })),
      created_by: row.creatorId !== null ? { id: row.creatorId, name: row.creatorName ?? '' } : null,
      updated_by: row.editorId !== null ? { id: row.editorId, name: row.editorName ?? '' } : null,
      created_at: row.created_at.toISOString(),
      updated_at: row.updated_at.toISOString(),
      version: row.version,
    };
  }

  /** A category deleted between the check and the write is still the field's 422, not a 500. */
  async function withCategory<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (postgresErrorCode(error) === FOREIGN_KEY_VIOLATION) throw validationFailed({ category_id: [CATEGORY_NOT_FOUND] });
      throw error;
    }
  }

  /** Keeps the file names the search vector reads in step with the files. */
  const refreshFileNames = (tx: Database, documentId: number) =>
    tx
      .update(documents)
      .set({
        fileNames: sql`coalesce((select string_agg(${documentFiles.fileName}, ' ' order by ${documentFiles.id}) from ${documentFiles} where ${documentFiles.documentId} = ${documentId}), '')`,
      })
      .where(eq(documents.id, documentId));

  return {
    detail,

    async categoryErrors(categoryId: number): Promise<string[] | undefined> {
      const [found] = await db.select({ id: documentCategories.id }).from(documentCategories).where(eq(documentCategories.id, categoryId));
      return found ? undefined : [CATEGORY_NOT_FOUND];
    },

    /**
     * One page, newest change first, or best match first with a search. The search runs on the GIN-indexed vector;
     * only the rows of the page get a headline (ts_headline re-parses the text, so it is kept off the rest).
     */
    async list(options: DocumentListOptions): Promise<{ data: DocumentListItem[]; total: number }> {
      const conditions: SQL[] = [];
      if (options.categoryId !== undefined) conditions.push(eq(documents.categoryId, options.categoryId));
      const search = options.search?.trim() ? options.search.trim() : undefined;
      const query = search ? searchQuery(search) : undefined;
      if (query) conditions.push(sql`${documents.search} @@ ${query}`);
      const where = conditions.length > 0 ? and(...conditions) : undefined;

      const sort = options.sort ?? (query ? 'rank' : '-updated_at');
      const descending = sort.startsWith('-');
      const field = sort.replace(/^-/, '');
      const direction = (column: SQL | AnyPgColumn) => (descending ? desc(column) : asc(column));
      const rank = query ? sql`ts_rank(${documents.search}, ${query})` : sql`0`;
      const order: SQL[] =
        field === 'rank'
          ? [descending ? asc(rank) : desc(rank), desc(documents.updatedAt)]
          : field === 'title'
            ? [direction(documents.title)]
            : field === 'created_at'
              ? [direction(documents.createdAt)]
              : [direction(documents.updatedAt)];

      const read = async (tx: Database) => {
        const [{ total }] = await tx.select({ total: count() }).from(documents).where(where);
        const page = await tx
          .select({
            id: documents.id,
            title: documents.title,
            category_id: documents.categoryId,
            categoryTitle: documentCategories.title,
            plainText: documents.plainText,
            fileNames: documents.fileNames,
            updated_at: documents.updatedAt,
            files_count: sql<number>`(select count(*)::int from ${documentFiles} where ${documentFiles.documentId} = ${documents.id})`,
          })
          .from(documents)
          .innerJoin(documentCategories, eq(documentCategories.id, documents.categoryId))
          .where(where)
          .orderBy(...order, desc(documents.id))
          .limit(options.perPage)
          .offset((options.page - 1) * options.perPage);
        return { total, page };
      };
      // The planner counts the @@ filter of a sequential scan as cheap, but each row's vector must be read out of
      // TOAST and decompressed first: a scan of 20,000 documents took 5-10 times the GIN index's bitmap scan even
      // for a term in 10% of them (docs/decisions/018). A search always has the index path, so take it.
      const { total, page } = query
        ? await db.transaction(async (tx) => {
            await tx.execute(sql`set local enable_seqscan = off`);
            return read(tx);
          })
        : await read(db);

      const headlines = new Map<number, string>();
      if (search && page.length > 0) {
        const ids = page.map((row) => row.id);
        const options = `StartSel=${START}, StopSel=${STOP}, MaxWords=30, MinWords=10, MaxFragments=2, FragmentDelimiter=" … "`;
        const rows = await db
          .select({
            id: documents.id,
            headline: sql<string>`ts_headline('russian'::regconfig, ${documents.title} || ' — ' || ${documents.plainText} || ' ' || ${documents.fileNames},
              websearch_to_tsquery('russian'::regconfig, ${search}), ${options})`,
          })
          .from(documents)
          .where(inArray(documents.id, ids));
        for (const row of rows) headlines.set(Number(row.id), row.headline);
      }

      return {
        total,
        data: page.map((row) => {
          const headline = headlines.get(row.id);
          const parts = headline !== undefined ? highlightParts(headline) : null;
          return {
            id: row.id,
            title: row.title,
            category_id: row.category_id,
            category: { id: row.category_id, title: row.categoryTitle },
            excerpt: row.plainText.length > EXCERPT_LENGTH ? `${row.plainText.slice(0, EXCERPT_LENGTH).trimEnd()}…` : row.plainText,
            highlight: parts && parts.some((part) => part.match) ? parts : null,
            files_count: Number(row.files_count),
            updated_at: row.updated_at.toISOString(),
          };
        }),
      };
    },

    async create(input: DocumentFields, actorId: number): Promise<DocumentRow> {
      const [{ id }] = await withCategory(() =>
        db
          .insert(documents)
          .values({ ...stored(input), createdBy: actorId, updatedBy: actorId })
          .returning({ id: documents.id }),
      );
      return detail(id);
    },

    /** Saves over the version the form was read at: of two saves from one version, one wins and the other gets 409. */
    async update(id: number, input: DocumentFields, expectedVersion: number, actorId: number): Promise<DocumentRow> {
      const [current] = await db.select({ id: documents.id }).from(documents).where(eq(documents.id, id));
      if (!current) throw notFound('Документ не найден');
      const saved = await withCategory(() =>
        db
          .update(documents)
          .set({ ...stored(input), updatedBy: actorId, updatedAt: sql`now()`, version: sql`${documents.version} + 1` })
          .where(and(eq(documents.id, id), eq(documents.version, expectedVersion)))
          .returning({ id: documents.id }),
      );
      if (saved.length === 0) {
        const now = await detail(id).catch(() => undefined);
        if (!now) throw notFound('Документ не найден');
        throw new AppError('DOCUMENT_VERSION_CONFLICT', versionConflictMessage(now.updated_by?.name), undefined, {
          conflict: { updated_by: now.updated_by, updated_at: now.updated_at, version: now.version },
        });
      }
      return detail(id);
    },

    /** Deletes the document and its file rows; answers the storage keys whose bytes the caller removes. */
    async delete(id: number): Promise<string[]> {
      return db.transaction(async (tx) => {
        const files = await tx.select(fileColumns).from(documentFiles).where(eq(documentFiles.documentId, id));
        const deleted = await tx.delete(documents).where(eq(documents.id, id)).returning({ id: documents.id });
        if (deleted.length === 0) throw notFound('Документ не найден');
        return files.flatMap((file) => [file.storageKey, ...(file.previewKey ? [file.previewKey] : [])]);
      });
    },

    async exists(id: number): Promise<boolean> {
      const [found] = await db.select({ id: documents.id }).from(documents).where(eq(documents.id, id));
      return found !== undefined;
    },

    /** Adds a stored file; 404 (and nothing recorded) when the document was deleted meanwhile. */
    async addFile(file: Omit<DocumentFileRow, 'id'>, actorId: number): Promise<DocumentFileRow> {
      try {
        return await db.transaction(async (tx) => {
          const [row] = await tx
            .insert(documentFiles)
            .values({ ...file, createdBy: actorId })
            .returning(fileColumns);
          await refreshFileNames(tx, file.documentId);
          return { ...row, size: Number(row.size) };
        });
      } catch (error) {
        if (postgresErrorCode(error) === FOREIGN_KEY_VIOLATION) throw notFound('Документ не найден');
        throw error;
      }
    },

    /** Removes a file's row; answers it so the caller removes its bytes. */
    async removeFile(fileId: number): Promise<DocumentFileRow> {
      return db.transaction(async (tx) => {
        const [row] = await tx.delete(documentFiles).where(eq(documentFiles.id, fileId)).returning(fileColumns);
        if (!row) throw notFound('Файл не найден');
        await refreshFileNames(tx, row.documentId);
        return { ...row, size: Number(row.size) };
      });
    },
  };
}

export type DocumentRepository = ReturnType<typeof createDocumentRepository>;
