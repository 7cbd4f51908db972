// `pnpm --filter @crm/shared api:update`: records shared's public exports in shared/public-api.json, on purpose, after
// an addition or with a major version bump (public-api.test.ts compares the code with this file).
import { writeFileSync } from 'node:fs';
import path from 'node:path';

// Node runs this file by stripping its types, and its ES module loader needs the `.ts` extension that tsc refuses.
const { listPublicApi } = (await import(new URL('./list-public-api.ts', import.meta.url).href)) as typeof import('./list-public-api');

const sharedDir = path.resolve(import.meta.dirname, '../..');
writeFileSync(path.join(sharedDir, 'public-api.json'), `${JSON.stringify(listPublicApi(sharedDir), null, 2)}\n`);
console.log('shared/public-api.json updated');
