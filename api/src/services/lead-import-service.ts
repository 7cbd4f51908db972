import type { FastifyBaseLogger } from 'fastify';
import type { Database, DatabaseConnection } from '../db/client';
import { createLeadImportRepository, type LeadImportStorage } from '../repositories/lead-import-repository';
import { createLeadScope } from '../repositories/lead-scope';
import { refreshLeadStatistics } from '../repositories/lead-statistics';
import type { RunUnitOfWork } from './unit-of-work';

/** How the importer's bell sums up a finished import. */
const summary = (job: { created: number; updated: number; skipped: number; rejected: number }) =>
  `Создано: ${job.created}, обновлено: ${job.updated}, пропущено: ${job.skipped}, с ошибками: ${job.rejected}`;

/**
 * The end of a lead import, either way: the job's outcome and the event its subscribers turn into the importer's
 * notification, notifications for the users the file made responsible, and list refreshes.
 */
export function createLeadImportService(
  run: RunUnitOfWork,
  deps: { db: Database; connection: DatabaseConnection; storage: LeadImportStorage; log: FastifyBaseLogger },
) {
  const imports = (tx: Database) => createLeadImportRepository(tx, createLeadScope(tx), deps.storage);

  return {
    async finishImport({ jobId, importerId, assigned }: { jobId: number; importerId: number; assigned: Map<number, number> }): Promise<void> {
      // PGlite has no autovacuum: fresh statistics and visibility map before the lists refetch (decision 032).
      try {
        const ms = await refreshLeadStatistics(deps.db, deps.connection.driver);
        if (ms > 0) deps.log.info({ jobId, ms: Math.round(ms) }, 'Lead tables vacuumed and analysed after the import');
      } catch (error) {
        deps.log.warn({ err: error, jobId }, 'Could not vacuum the lead tables after the import');
      }
      // The job turns done in the transaction that writes its notifications: a client that sees "done" finds them.
      await run(null, async (uow) => {
        const repository = imports(uow.tx);
        if (!(await repository.complete(jobId))) return;
        const job = await repository.findJobById(jobId);
        uow.emit({
          type: 'lead.import_finished',
          jobId,
          importerId,
          status: 'done',
          summary: job ? summary(job) : '',
          assigned: Object.fromEntries(assigned),
        });
      });
    },

    /** The job's last attempt failed: it is marked failed with a message people can read, and its importer told. */
    async failImport(jobId: number, message: string): Promise<void> {
      await run(null, async (uow) => {
        const repository = imports(uow.tx);
        await repository.fail(jobId, message);
        const job = await repository.findJobById(jobId);
        if (!job) return;
        uow.emit({ type: 'lead.import_finished', jobId, importerId: job.createdBy, status: 'failed', summary: job.error ?? '', assigned: {} });
      });
    },
  };
}

export type LeadImportService = ReturnType<typeof createLeadImportService>;
