import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { refreshLeadStatistics } from '../repositories/lead-statistics';
import { IMPORT_FAILED_MESSAGE, LEAD_IMPORT_QUEUE, leadImportJobDataSchema, runLeadImport } from '../jobs/lead-import-job';

/**
 * CSV imports run as background jobs: the upload stores the file with the job and answers 202, any instance's worker
 * runs it (resuming after the last written batch if an earlier attempt stopped), and the client polls the job. An
 * import fails only when its last attempt does: a restart of another instance never touches it.
 */
async function leadImportsPlugin(app: FastifyInstance) {
  /** Lists refresh, the importer hears it finished, and users the file made responsible hear of their leads. */
  async function announce({ jobId, importerId, assigned }: { jobId: number; importerId: number; assigned: Map<number, number> }) {
    // PGlite has no autovacuum: fresh statistics and visibility map before the lists refetch (decision 032).
    try {
      const ms = await refreshLeadStatistics(app.db, app.dbConnection.driver);
      if (ms > 0) app.log.info({ jobId, ms: Math.round(ms) }, 'Lead tables vacuumed and analysed after the import');
    } catch (error) {
      app.log.warn({ err: error, jobId }, 'Could not vacuum the lead tables after the import');
    }
    void app.broadcasts.leads('imported', []);
    void app.broadcasts.importFinished(importerId, { jobId, status: 'done' });
    const job = await app.leadImportRepository.findJobById(jobId);
    const counts = job ? `Создано: ${job.created}, обновлено: ${job.updated}, пропущено: ${job.skipped}, с ошибками: ${job.rejected}` : '';
    await app.broadcasts.notify([importerId], { type: 'import-finished', title: 'Импорт лидов завершён', body: counts, link: '/leads/list' });
    for (const [userId, count] of assigned) {
      await app.broadcasts.notify([userId], { type: 'lead-assigned', title: `Вам назначены лиды из импорта: ${count}`, link: '/leads/list' });
    }
  }

  app.jobs.define({
    name: LEAD_IMPORT_QUEUE,
    schema: leadImportJobDataSchema,
    // Restarts during a long import each cost an attempt; a handful is plenty.
    retryLimit: 5,
    run: ({ jobId }, { signal, log }) => runLeadImport(jobId, {
        repository: app.leadImportRepository,
        log,
        signal,
        onFinished: announce,
      }),
    onFailed: async ({ jobId }, failure) => {
      await app.leadImportRepository.fail(jobId, failure.permanent ? failure.message : IMPORT_FAILED_MESSAGE);
      const job = await app.leadImportRepository.findJobById(jobId);
      if (job) {
        void app.broadcasts.importFinished(job.createdBy, { jobId, status: 'failed' });
        await app.broadcasts.notify([job.createdBy], { type: 'import-finished', title: 'Импорт не удался', body: job.error ?? '', link: '/leads/list' });
      }
    },
  });
}

export const leadImports = fp(leadImportsPlugin, { name: 'lead-imports', dependencies: ['repositories', 'jobs', 'broadcasts'] });
