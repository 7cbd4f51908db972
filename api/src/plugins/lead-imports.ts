import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { IMPORT_FAILED_MESSAGE, LEAD_IMPORT_QUEUE, leadImportJobDataSchema, runLeadImport } from '../jobs/lead-import-job';

/**
 * CSV imports run as background jobs: the upload stores the file with the job and answers 202, any instance's worker
 * runs it (resuming after the last written batch if an earlier attempt stopped), and the client polls the job. An
 * import fails only when its last attempt does: a restart of another instance never touches it. How it ends is a use
 * case of services/lead-import-service.ts.
 */
async function leadImportsPlugin(app: FastifyInstance) {
  app.jobs.define({
    name: LEAD_IMPORT_QUEUE,
    schema: leadImportJobDataSchema,
    // Restarts during a long import each cost an attempt; a handful is plenty.
    retryLimit: 5,
    run: ({ jobId }, { signal, log }) =>
      runLeadImport(jobId, {
        repository: app.leadImportRepository,
        log,
        signal,
        onFinished: (result) => app.leadImportService.finishImport(result),
      }),
    onFailed: ({ jobId }, failure) => app.leadImportService.failImport(jobId, failure.permanent ? failure.message : IMPORT_FAILED_MESSAGE),
  });
}

export const leadImports = fp(leadImportsPlugin, { name: 'lead-imports', dependencies: ['repositories', 'jobs', 'services'] });
