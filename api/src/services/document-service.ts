import { createDocumentRepository, type DocumentFields, type DocumentFileRow, type DocumentRow } from '../repositories/document-repository';
import type { FileStorage } from '../storage/file-storage';
import type { Actor } from './domain-events';
import type { RunUnitOfWork } from './unit-of-work';

/** The document use cases: each writes in one transaction with its audit rows, then its event reaches the subscribers. */
export function createDocumentService(run: RunUnitOfWork, { fileStorage }: { fileStorage: FileStorage }) {
  /** Stored bytes go once the rows that named them are gone for good (after the commit, never on a rollback). */
  const deleteStored = (keys: Array<string | null>) => Promise.all(keys.flatMap((key) => (key ? [fileStorage.delete(key)] : [])));

  return {
    async createDocument(actor: Actor, input: DocumentFields): Promise<DocumentRow> {
      return run(actor, async (uow) => {
        const document = await createDocumentRepository(uow.tx).create(input, actor.id);
        uow.emit({ type: 'document.created', documentId: document.id });
        return document;
      });
    },

    async updateDocument(actor: Actor, id: number, input: DocumentFields, expectedVersion: number): Promise<DocumentRow> {
      return run(actor, async (uow) => {
        const document = await createDocumentRepository(uow.tx).update(id, input, expectedVersion, actor.id);
        uow.emit({ type: 'document.updated', documentId: document.id });
        return document;
      });
    },

    /** Deletes a document with its files; the audit row keeps its title, category, links and file names. */
    async deleteDocument(actor: Actor, id: number): Promise<void> {
      await run(actor, async (uow) => {
        const documents = createDocumentRepository(uow.tx);
        const before = await documents.detail(id);
        const keys = await documents.delete(id);
        await uow.audit({
          action: 'document.delete',
          subjectType: 'document',
          subjectId: id,
          before: { title: before.title, category_id: before.category_id, links: before.links, files: before.files.map((f) => f.fileName) },
        });
        uow.afterCommit(() => deleteStored(keys));
        uow.emit({ type: 'document.deleted', documentId: id });
      });
    },

    /** Records a file already stored under its keys; if the record fails, the stored bytes go too. */
    async attachDocumentFile(actor: Actor, file: Omit<DocumentFileRow, 'id'>): Promise<DocumentFileRow> {
      try {
        return await run(actor, async (uow) => {
          const row = await createDocumentRepository(uow.tx).addFile(file, actor.id);
          uow.emit({ type: 'document.updated', documentId: file.documentId });
          return row;
        });
      } catch (error) {
        await deleteStored([file.storageKey, file.previewKey]);
        throw error;
      }
    },

    async removeDocumentFile(actor: Actor, fileId: number): Promise<void> {
      await run(actor, async (uow) => {
        const removed = await createDocumentRepository(uow.tx).removeFile(fileId);
        uow.afterCommit(() => deleteStored([removed.storageKey, removed.previewKey]));
        uow.emit({ type: 'document.updated', documentId: removed.documentId });
      });
    },
  };
}

export type DocumentService = ReturnType<typeof createDocumentService>;
