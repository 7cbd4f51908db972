// A lead import worker that checks two batches, then dies mid-file as a thread out of memory would
// (lead-import-worker.test.ts).
import { parentPort, workerData } from 'node:worker_threads';
import { checkRows, type ImportWorkerInput } from '../jobs/lead-import-rows';

let batches = 0;
for (const message of checkRows(workerData as ImportWorkerInput)) {
  parentPort!.postMessage(message);
  if (message.type === 'batch' && ++batches === 2) process.exit(3);
}
