// Proves the import boundaries of eslint.config.mjs (STYLE.md rules 1 and 2) with imports that must fail.
// Each case is lint text placed at a path inside the real packages and linted with the real config, so a zone that
// resolves nothing (a wrong path, a missing resolver, a later block that replaces it) makes a case fail here.
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { ESLint } from 'eslint';

const root = path.resolve(import.meta.dirname, '..');
const at = (...parts) => path.join(root, ...parts);

// no-cycle reads every file it follows from disk, and a file linted as text is not on disk (the rule throws there);
// cycles are proven with the files in lint-fixtures/ instead. no-unresolved makes a case that imports nothing real
// fail, so a "good" case cannot pass by resolving nothing either.
const lintAsText = (cwd) =>
  new ESLint({ cwd, overrideConfig: { rules: { 'import/no-cycle': 'off', 'import/no-unresolved': 'error' } } });

/** A source module inside `dir` (repo-relative), so the cases follow the code when files move. */
const someModule = (dir) => {
  const walk = (abs) => {
    const entries = readdirSync(abs, { withFileTypes: true }).sort((x, y) => x.name.localeCompare(y.name));
    for (const entry of entries) {
      const full = path.join(abs, entry.name);
      if (entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.(test|d)\.tsx?$/.test(entry.name)) return full;
    }
    for (const entry of entries) {
      if (!entry.isDirectory()) continue;
      const found = walk(path.join(abs, entry.name));
      if (found) return found;
    }
    return undefined;
  };
  const found = walk(at(dir));
  assert.ok(found, `no source module under ${dir}`);
  return found;
};

const specifierFrom = (file, target) => {
  const relative = path.relative(path.dirname(at(file)), target).replace(/\.tsx?$/, '');
  return relative.startsWith('.') ? relative : `./${relative}`;
};

const lint = async (eslint, file, specifier) => {
  const code = `import * as imported from '${specifier}';\n\nexport const probe = imported;\n`;
  const [result] = await eslint.lintText(code, { filePath: at(file) });
  return result.messages.map((m) => ({ ruleId: m.ruleId, message: m.message }));
};

const features = (pkg) =>
  readdirSync(at(pkg, 'src/features'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

const [leadsFeature, otherLeadsFeature] = features('remote-leads');
const [hostFeature, otherHostFeature] = features('host');

const bad = [
  {
    name: 'a remote feature imports another feature of the same remote',
    file: `remote-leads/src/features/${leadsFeature}/components/probe.tsx`,
    target: someModule(`remote-leads/src/features/${otherLeadsFeature}`),
    message: /Features do not import each other/,
  },
  {
    name: 'a host feature imports another host feature',
    file: `host/src/features/${hostFeature}/components/probe.tsx`,
    target: someModule(`host/src/features/${otherHostFeature}`),
    message: /Features do not import each other/,
  },
  {
    name: 'a feature imports the app layer that composes it',
    file: `remote-leads/src/features/${leadsFeature}/components/probe.tsx`,
    target: someModule('remote-leads/src/app'),
    message: /a feature never imports it/,
  },
  {
    name: 'a remote-wide folder imports a feature',
    file: 'remote-leads/src/utils/probe.ts',
    target: someModule(`remote-leads/src/features/${leadsFeature}`),
    message: /imports none of them/,
  },
  {
    name: 'a remote imports another remote',
    file: `remote-leads/src/features/${leadsFeature}/components/probe.tsx`,
    target: someModule('remote-admin/src'),
    message: /never on the host or another remote/,
  },
  {
    name: 'a remote imports the host',
    file: 'remote-documents/src/app/probe.tsx',
    target: someModule('host/src/app'),
    message: /never on the host or another remote/,
  },
  {
    name: "the host imports a remote's source",
    file: 'host/src/app/probe.tsx',
    target: someModule('remote-leads/src/app'),
    message: /only through Module Federation/,
  },
  {
    name: 'shared imports an app',
    file: 'shared/src/ui/probe.ts',
    target: someModule('remote-leads/src/utils'),
    message: /imports no app/,
  },
  {
    name: 'shared imports the API',
    file: 'shared/src/schemas/probe.ts',
    target: someModule('api/src/lib'),
    message: /imports no app/,
  },
  {
    name: 'the API imports front-end code of a remote',
    file: 'api/src/lib/probe.ts',
    target: someModule('remote-leads/src/utils'),
    message: /never front-end code/,
  },
  {
    name: 'the API imports front-end code of the host',
    file: 'api/src/routes/probe.ts',
    target: someModule('host/src/app'),
    message: /never front-end code/,
  },
  {
    name: 'an API repository imports another repository',
    file: 'api/src/repositories/probe-repository.ts',
    target: at('api/src/repositories', readdirSync(at('api/src/repositories')).find((f) => f.endsWith('-repository.ts'))),
    message: /A repository never imports another/,
  },
];

const good = [
  {
    name: 'a feature imports a file of its own folder',
    file: `remote-leads/src/features/${leadsFeature}/components/probe.tsx`,
    target: someModule(`remote-leads/src/features/${leadsFeature}`),
  },
  {
    name: 'a feature imports the remote-wide src/api',
    file: `remote-leads/src/features/${leadsFeature}/hooks/probe.ts`,
    target: someModule('remote-leads/src/api'),
  },
  {
    name: 'a feature imports the remote-wide src/utils',
    file: `remote-leads/src/features/${otherLeadsFeature}/components/probe.tsx`,
    target: someModule('remote-leads/src/utils'),
  },
  {
    name: 'the app layer composes features',
    file: 'remote-leads/src/app/exposed/probe.tsx',
    target: someModule(`remote-leads/src/features/${otherLeadsFeature}`),
  },
  {
    name: 'the host app composes host features',
    file: 'host/src/app/probe.tsx',
    target: someModule(`host/src/features/${hostFeature}`),
  },
  {
    name: 'an API repository imports a helper the lead repositories share',
    file: 'api/src/repositories/probe-repository.ts',
    target: someModule('api/src/repositories/lead'),
  },
  { name: 'a remote imports @crm/shared', file: 'remote-admin/src/app/probe.tsx', specifier: '@crm/shared/ui' },
  { name: 'the API imports @crm/shared', file: 'api/src/lib/probe.ts', specifier: '@crm/shared/schemas' },
  { name: 'the host imports @crm/shared', file: 'host/src/app/probe.tsx', specifier: '@crm/shared/api-client' },
];

describe('import boundaries (eslint.config.mjs)', () => {
  const eslint = lintAsText(root);

  for (const c of bad) {
    test(`reports: ${c.name}`, async () => {
      const specifier = specifierFrom(c.file, c.target);
      const messages = await lint(eslint, c.file, specifier);
      assert.equal(messages.length, 1, `${c.file} → ${specifier}: ${JSON.stringify(messages)}`);
      assert.equal(messages[0].ruleId, 'import/no-restricted-paths');
      assert.match(messages[0].message, c.message);
    });
  }

  for (const c of good) {
    test(`allows: ${c.name}`, async () => {
      const specifier = c.specifier ?? specifierFrom(c.file, c.target);
      assert.deepEqual(await lint(eslint, c.file, specifier), [], `${c.file} → ${specifier}`);
    });
  }

  test('reports an import of another package by its @crm name', async () => {
    const messages = await lint(eslint, 'remote-leads/src/app/probe.tsx', '@crm/remote-admin/src/app/routes');
    assert.ok(
      messages.some((m) => m.ruleId === 'no-restricted-imports' && /depend on @crm\/shared only/.test(m.message)),
      JSON.stringify(messages),
    );
  });

  test('reports a shared subpath reaching another by a relative path', async () => {
    const file = 'shared/src/editor/probe.ts';
    const messages = await lint(eslint, file, specifierFrom(file, someModule('shared/src/ui/components')));
    assert.deepEqual(
      messages.map((m) => m.ruleId),
      ['crm/shared-subpath-imports'],
    );
    assert.match(messages[0].message, /import it from '@crm\/shared\/ui'/);
  });

  test('allows a shared subpath importing another by package name, and its own files relatively', async () => {
    assert.deepEqual(await lint(eslint, 'shared/src/editor/probe.ts', '@crm/shared/ui'), []);
    const file = 'shared/src/ui/probe.ts';
    assert.deepEqual(await lint(eslint, file, specifierFrom(file, someModule('shared/src/ui/components'))), []);
  });

  // Each package's own `pnpm lint` runs ESLint in the package folder; the zones must mean the same there.
  for (const pkg of ['remote-leads', 'host', 'shared', 'api']) {
    test(`zones hold when ESLint runs from ${pkg}/`, async () => {
      const fromPackage = lintAsText(at(pkg));
      const c = bad.find((x) => x.file.startsWith(`${pkg}/`));
      const messages = await lint(fromPackage, c.file, specifierFrom(c.file, c.target));
      assert.deepEqual(
        messages.map((m) => m.ruleId),
        ['import/no-restricted-paths'],
      );
    });
  }
});

describe('comments cite no spec section (eslint.config.mjs)', () => {
  const eslint = lintAsText(root);
  // The section sign is written as an escape so these cases are not themselves citations in this file.
  const section = '\u00a7';
  const ruleIds = async (file, code) => {
    const [result] = await eslint.lintText(code, { filePath: at(file) });
    return result.messages.map((m) => m.ruleId);
  };

  test('reports a line comment, a block comment and a JSX comment citing a section by number', async () => {
    assert.deepEqual(await ruleIds('api/src/lib/probe.ts', `// Phone is required (${section}5).\nexport const probe = 1;\n`), [
      'crm/no-spec-section-citations',
    ]);
    assert.deepEqual(await ruleIds('shared/src/ui/probe.ts', `/** Toasts close after 3 s (spec ${section} 9.2). */\nexport const probe = 1;\n`), [
      'crm/no-spec-section-citations',
    ]);
    const jsx = `export function Probe() {\n  return <div>{/* A child route (${section}2). */}</div>;\n}\n`;
    const [result] = await eslint.lintText(jsx, { filePath: at('remote-leads/src/app/probe.tsx') });
    assert.deepEqual(
      result.messages.map((m) => m.ruleId),
      ['crm/no-spec-section-citations'],
    );
    assert.match(result.messages[0].message, /cite a decision \(docs\/decisions\/NNN\) or a repo file, or say why in words/);
  });

  test('allows a comment citing a decision or saying why in words, and the sign outside comments', async () => {
    const code = [
      '// Phone is required: the spec\'s lead form says so (docs/decisions/006).',
      `/** Prices in ${section} are not section numbers. */`,
      `export const probe = 'Section ${section}5 of a user text';`,
      '',
    ].join('\n');
    assert.deepEqual(await ruleIds('api/src/lib/probe.ts', code), []);
  });
});

describe('import cycles (eslint.config.mjs)', () => {
  // The fixtures are ignored by the normal lint; here they are linted on purpose.
  const eslint = new ESLint({ cwd: root, ignore: false });

  test('reports two modules that import each other', async () => {
    const [result] = await eslint.lintFiles([at('tooling/lint-fixtures/cycle/a.ts')]);
    assert.deepEqual(
      result.messages.map((m) => m.ruleId),
      ['import/no-cycle'],
    );
  });

  test('allows a chain without a way back', async () => {
    const results = await eslint.lintFiles([at('tooling/lint-fixtures/chain')]);
    assert.equal(results.length, 2);
    assert.deepEqual(
      results.flatMap((r) => r.messages),
      [],
    );
  });

  test('the normal lint skips the fixtures', async () => {
    const normal = new ESLint({ cwd: root });
    assert.equal(await normal.isPathIgnored(at('tooling/lint-fixtures/cycle/a.ts')), true);
  });
});
