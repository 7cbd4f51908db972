// Front-end unit tests: one jest project per package, transpiled by SWC, run in jsdom.
const swc = [
  '@swc/jest',
  { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } }, target: 'es2022' } },
];
const project = (name) => ({
  displayName: name,
  rootDir: `<rootDir>/${name}`,
  testEnvironment: 'jsdom',
  testMatch: ['<rootDir>/src/**/*.test.{ts,tsx}'],
  transform: { '^.+\\.(t|j)sx?$': swc },
  // Lexical ships ESM only; let SWC compile it (pnpm nests it under node_modules/.pnpm/<name>@<version>/node_modules/).
  transformIgnorePatterns: ['/node_modules/(?!(\\.pnpm/[^/]*lexical[^/]*/node_modules/)?(lexical|@lexical)/)'],
  moduleNameMapper: { '\\.(css|svg|png)$': 'identity-obj-proxy', '\\.woff2?$': '<rootDir>/../tooling/file-mock.cjs' },
  setupFilesAfterEnv: ['<rootDir>/../tooling/jest.setup.ts'],
  testEnvironmentOptions: { customExportConditions: [''] },
});
module.exports = {
  rootDir: __dirname,
  projects: ['shared', 'host', 'remote-leads', 'remote-documents', 'remote-admin'].map(project),
};
