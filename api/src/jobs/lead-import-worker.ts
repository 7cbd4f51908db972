// The CPU-heavy half of an import, in a worker thread so the API's event loop keeps answering while it runs: decodes
// and parses the CSV (papaparse), then checks every row as the form does (zod, libphonenumber-js, sanitize-html) and
// posts the results to the job, one batch at a time and in file order (checkRows in lead-import-rows.ts). The job
// sorts the valid rows into new leads, updates and skips and writes them; nothing here touches the database. An upload
// larger than INLINE_PARSE_BYTES is inspected (headers, first rows, row count) here too.
import { parentPort, workerData } from 'node:worker_threads';
import { checkRows, type ImportWorkerInput, type ImportWorkerMessage, type InspectCsvInput, inspectCsv } from './lead-import-rows';

function run(input: ImportWorkerInput | InspectCsvInput, post: (message: ImportWorkerMessage) => void) {
  if (input.mode === 'inspect') post(inspectCsv(input.file, input.previewRows));
  else for (const message of checkRows(input)) post(message);
}

if (parentPort) run(workerData as ImportWorkerInput | InspectCsvInput, (message) => parentPort!.postMessage(message));
