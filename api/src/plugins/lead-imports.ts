import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type LeadImportTask, runLeadImport } from '../jobs/lead-import-job';

export interface LeadImports {
  /** Starts a job in the background (in this process) and returns at once. */
  start(task: LeadImportTask): void;
  /** Resolves when no job is running (tests and benchmarks wait on it; the API polls the job instead). */
  idle(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    leadImports: LeadImports;
  }
}

/**
 * Import jobs run in-process: the upload answers 202 and the client polls the job. On close, running jobs stop after
 * their current batch (each batch is its own transaction) and are marked failed; jobs a crashed process left
 * running are marked failed at start-up.
 */
async function leadImportsPlugin(app: FastifyInstance) {
  const running = new Set<Promise<void>>();
  const shutdown = new AbortController();

  const interrupted = await app.leadImportRepository.failInterrupted();
  if (interrupted > 0) app.log.warn({ jobs: interrupted }, 'Marked lead imports interrupted by a restart as failed');

  app.decorate<LeadImports>('leadImports', {
    start(task) {
      const job = runLeadImport(task, { repository: app.leadImportRepository, log: app.log, signal: shutdown.signal }).finally(() =>
        running.delete(job),
      );
      running.add(job);
    },
    async idle() {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  });

  app.addHook('onClose', async () => {
    shutdown.abort();
    await Promise.allSettled([...running]);
  });
}

export const leadImports = fp(leadImportsPlugin, { name: 'lead-imports', dependencies: ['repositories'] });
