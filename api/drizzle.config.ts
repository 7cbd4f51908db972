import { defineConfig } from 'drizzle-kit';

// `pnpm --filter @crm/api db:generate` diffs src/db/schema against drizzle/ and writes the next migration.
// The first migration (0000) is hand-written: it enables pg_trgm, which drizzle-kit does not manage.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema',
  out: './drizzle',
});
