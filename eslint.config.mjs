// One flat config for the workspace, used by the root `eslint .` and by each package's `lint` (ESLint finds this
// file from a package folder too). The import zones encode the dependency direction (STYLE.md rules 1 and 2).
// Every path is absolute from this file's folder, so a zone means the same thing whatever folder ESLint runs in;
// `tooling/eslint-boundaries.test.mjs` proves each zone with imports that must fail.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { noSpecSectionCitations } from './tooling/eslint-rules/no-spec-section-citations.mjs';
import { sharedSubpathImports } from './tooling/eslint-rules/shared-subpath-imports.mjs';

const root = import.meta.dirname;
const at = (...parts) => path.join(root, ...parts);

const host = 'host';
const remotes = ['remote-leads', 'remote-documents', 'remote-admin'];
const frontEnds = [host, ...remotes];
const testPackages = ['e2e', 'bench'];
// Folders a remote (or the host) shares between its features; bulletproof-react's shared layer.
const remoteWide = ['api', 'components', 'utils'];

const subfolders = (dir) => {
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
};

const packageZones = [
  {
    target: at('shared'),
    from: [...frontEnds, 'api', ...testPackages, 'tooling'].map((p) => at(p)),
    message: '`shared` is the contract and imports no app (STYLE.md rule 1).',
  },
  {
    target: at('api'),
    from: [...frontEnds, ...testPackages].map((p) => at(p)),
    message: 'The API imports `@crm/shared` only, never front-end code (STYLE.md rule 1).',
  },
  {
    target: at(host),
    from: [...remotes, 'api', ...testPackages].map((p) => at(p)),
    message: 'The host reaches a remote only through Module Federation, never its source (STYLE.md rule 1).',
  },
  ...remotes.map((remote) => ({
    target: at(remote),
    from: [host, ...remotes.filter((other) => other !== remote), 'api', ...testPackages].map((p) => at(p)),
    message: 'A remote depends on `@crm/shared` only, never on the host or another remote (STYLE.md rule 1).',
  })),
];

// Inside a front end: app/ → features → src/{api,components,utils}. A feature reaches only its own folder and the
// remote-wide ones; one zone per feature folder, read from disk so a new feature is covered without editing this.
const layerZones = frontEnds.flatMap((pkg) => {
  const features = at(pkg, 'src/features');
  return [
    ...subfolders(features).map((feature) => ({
      target: path.join(features, feature),
      from: features,
      except: [`./${feature}`],
      message: 'Features do not import each other; compose them in `src/app/` (STYLE.md rule 2).',
    })),
    {
      target: features,
      from: at(pkg, 'src/app'),
      message: '`src/app/` composes the features; a feature never imports it (STYLE.md rule 2).',
    },
    ...remoteWide.map((folder) => ({
      target: at(pkg, 'src', folder),
      from: [features, at(pkg, 'src/app')],
      message: `\`src/${folder}/\` is shared by the features and imports none of them (STYLE.md rule 2).`,
    })),
  ];
});

// The API keeps one job per repository; what two of them share lives in a helper (repositories/lead/, lib/).
const repositoryZones = [
  {
    target: at('api/src/repositories/*-repository.ts'),
    from: [at('api/src/repositories/*-repository.ts')],
    message: 'A repository never imports another; share helpers through `repositories/<area>/` or `lib/`.',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/data/**',
      'api/drizzle/**',
      'coverage/**',
      // Deliberately bad imports; tooling/eslint-boundaries.test.mjs lints them on purpose.
      'tooling/lint-fixtures/**',
      // Written by bench/one-bundle/webpack.config.cjs at build time.
      'bench/one-bundle/.generated/**',
      // A previous release's build, committed for the compatibility matrix (tooling/build-previous-release.mjs).
      'e2e/fixtures/previous-release/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // Only plain JavaScript needs the globals (for no-undef; TypeScript checks its own). Kept off the TypeScript files
    // because eslint-plugin-import serialises the language options on every import it follows.
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
  {
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    plugins: { import: importPlugin, 'react-hooks': reactHooks },
    settings: {
      // eslint-plugin-import follows only files whose extension it can parse; without these it never reads a .ts
      // file, so no zone and no cycle through TypeScript is ever seen.
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx', '.mts', '.cts'] },
      'import/extensions': ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'],
      // Packages' own files (and their type declarations) take no part in our cycles; parsing them is most of the cost.
      'import/ignore': ['node_modules'],
      'import/resolver': {
        typescript: {
          alwaysTryTypes: true,
          noWarnOnMultipleProjects: true,
          project: [...frontEnds, 'shared', 'api', 'e2e'].map((p) => at(p, 'tsconfig.json')),
        },
        node: true,
      },
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-require-imports': 'off',
      'import/no-restricted-paths': ['error', { basePath: root, zones: [...packageZones, ...layerZones, ...repositoryZones] }],
      'import/no-cycle': ['error', { ignoreExternal: true }],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@crm/host', '@crm/host/*', '@crm/remote-*', '@crm/api', '@crm/api/*'],
              message: 'Packages depend on @crm/shared only (STYLE.md rule 1).',
            },
          ],
        },
      ],
    },
  },
  {
    // Comments cite a decision or a repo file, or say why in words; never a section number of the spec, which is
    // outside the repository (docs/decisions/062).
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    plugins: {
      crm: { rules: { 'shared-subpath-imports': sharedSubpathImports, 'no-spec-section-citations': noSpecSectionCitations } },
    },
    rules: { 'crm/no-spec-section-citations': 'error' },
  },
  {
    // Inside shared, subpaths reach each other by package name (`@crm/shared/ui`), as the apps do.
    files: ['shared/src/**/*.{ts,tsx}'],
    rules: { 'crm/shared-subpath-imports': 'error' },
  },
  {
    // The router reaches the page once, through @crm/shared/router (tree-shaken there, shared as one module:
    // docs/decisions/033); a direct import would bundle a second router whose context the host never provides.
    files: [...frontEnds, 'shared'].map((p) => `${p}/src/**/*.{ts,tsx}`),
    ignores: ['shared/src/router/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@crm/host', '@crm/host/*', '@crm/remote-*', '@crm/api', '@crm/api/*'],
              message: 'Packages depend on @crm/shared only (STYLE.md rule 1).',
            },
            {
              group: ['react-router', 'react-router-dom', 'react-router/*', 'react-router-dom/*'],
              message: 'Import the router from @crm/shared/router (docs/decisions/033).',
            },
          ],
        },
      ],
    },
  },
  {
    // @crm/shared/schemas/mini is what a page's first load parses with: zod/mini only, so classic zod (about 26 KiB
    // gzip) loads with the first form rather than with every page (docs/decisions/033). Its files may import each other
    // but nothing of the classic schemas beside them.
    files: ['shared/src/schemas/mini/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'zod', message: "Use 'zod/mini' here: these schemas are on the first load (docs/decisions/033)." },
            { name: 'zod/v4', message: "Use 'zod/mini' here: these schemas are on the first load (docs/decisions/033)." },
          ],
          patterns: [
            {
              group: ['../*'],
              message: 'The mini schemas import only each other: a classic schema module would bring classic zod.',
            },
            {
              group: ['react-router', 'react-router-dom', 'react-router/*', 'react-router-dom/*'],
              message: 'Import the router from @crm/shared/router (docs/decisions/033).',
            },
          ],
        },
      ],
    },
  },
);
