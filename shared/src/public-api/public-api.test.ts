import { readFileSync } from 'node:fs';
import path from 'node:path';
import { compareApis, isMajorBump, listPublicApi, type PublicApi } from './list-public-api';

const sharedDir = path.resolve(__dirname, '../..');
const api = (version: string, subpaths: PublicApi['subpaths']): PublicApi => ({ version, subpaths });

// Remotes built against an earlier shared run on the host's (tooling/remote-build-info.cjs admits any later minor),
// so within a major nothing a remote imports may go away or change kind.
test('the public API keeps everything shared/public-api.json records, unless the major version went up', () => {
  const recorded = JSON.parse(readFileSync(path.join(sharedDir, 'public-api.json'), 'utf8')) as PublicApi;
  const current = listPublicApi(sharedDir);
  const { breaks, additions } = compareApis(recorded, current);
  if (additions.length > 0) {
    console.info(`New public exports; record them with \`pnpm --filter @crm/shared api:update\`:\n${additions.join('\n')}`);
  }
  if (!isMajorBump(recorded.version, current.version)) expect(breaks).toEqual([]);
}, 120_000);

test('a removal, a change of kind or a removed subpath is a break; an addition is not', () => {
  const before = api('1.2.0', { './ui': { Button: 'function', Theme: 'object' }, './editor': { Editor: 'function' } });
  const after = api('1.3.0', { './ui': { Theme: 'function', Card: 'function' } });
  expect(compareApis(before, after)).toEqual({
    breaks: [
      { subpath: './ui', name: 'Button', change: 'removed' },
      { subpath: './ui', name: 'Theme', change: 'object → function' },
      { subpath: './editor', change: 'subpath removed' },
    ],
    additions: ['./ui Card'],
  });
});

test('only a later major allows a break', () => {
  expect(isMajorBump('0.6.0', '0.7.0')).toBe(false);
  expect(isMajorBump('0.6.0', '1.0.0')).toBe(true);
  expect(isMajorBump('1.4.2', '1.4.2')).toBe(false);
});
