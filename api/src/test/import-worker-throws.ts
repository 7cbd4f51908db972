// A lead import worker that fails as it starts (lead-import-worker.test.ts).
throw new Error('The import worker broke on purpose');
