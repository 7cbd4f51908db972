// One flat config for the workspace. The import zones encode the dependency direction
// (STYLE.md rule 1): remotes → shared only; host reaches remotes only through federation;
// api → shared only; shared → nothing of ours.
import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const packages = ['host', 'remote-leads', 'remote-documents', 'remote-admin', 'shared', 'api', 'e2e', 'bench'];
const others = (self, allowed = []) =>
  packages.filter((p) => p !== self && !allowed.includes(p)).map((p) => `./${p}`);

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/data/**', 'api/drizzle/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    plugins: { import: importPlugin, 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-require-imports': 'off',
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './shared', from: others('shared') },
            { target: './api', from: others('api', ['shared']) },
            { target: './host', from: others('host', ['shared']) },
            { target: './remote-leads', from: others('remote-leads', ['shared']) },
            { target: './remote-documents', from: others('remote-documents', ['shared']) },
            { target: './remote-admin', from: others('remote-admin', ['shared']) },
          ],
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@crm/host*', '@crm/remote-*', '@crm/api*'], message: 'Packages depend on @crm/shared only (STYLE.md rule 1).' },
          ],
        },
      ],
    },
  },
  {
    // Features do not import each other; app/ composes them (STYLE.md rule 2).
    files: ['{host,remote-leads,remote-documents,remote-admin}/src/features/**'],
    rules: {
      'import/no-restricted-paths': [
        'error',
        {
          zones: ['host', 'remote-leads', 'remote-documents', 'remote-admin'].map((p) => ({
            target: `./${p}/src/features/*/`,
            from: `./${p}/src/features/*/`,
            except: ['./'],
          })),
        },
      ],
    },
  },
);
