import { useEffect, useState } from 'react';
import type { LeadImportJob } from '@crm/shared/schemas';
import { getLeadImport } from '../api/get-lead-import';

/** How often a running import is asked for its progress. */
export const IMPORT_POLL_INTERVAL_MS = 700;

export function isImportFinished(job: LeadImportJob): boolean {
  return job.status === 'done' || job.status === 'failed';
}

export interface LeadImportJobState {
  /** The latest known state of the run; null before one has started. */
  job: LeadImportJob | null;
  /** The last poll failed; polling waits for `retry`. */
  error: Error | null;
  retry: () => void;
}

/**
 * Follows a started import until it is done or failed. Each poll is scheduled after the previous answer,
 * so a slow server never gets overlapping requests; unmounting stops it.
 */
export function useLeadImportJob(started: LeadImportJob | null): LeadImportJobState {
  const [polled, setPolled] = useState<LeadImportJob | null>(null);
  const [error, setError] = useState<Error | null>(null);
  const job = polled && started && polled.id === started.id ? polled : started;

  useEffect(() => {
    if (!job || isImportFinished(job) || error) return;
    let cancelled = false;
    const timer = setTimeout(() => {
      getLeadImport(job.id).then(
        (answer) => {
          if (!cancelled) setPolled(answer.data);
        },
        (failure: unknown) => {
          if (!cancelled) setError(failure instanceof Error ? failure : new Error(String(failure)));
        },
      );
    }, IMPORT_POLL_INTERVAL_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [job, error]);

  return { job, error, retry: () => setError(null) };
}
