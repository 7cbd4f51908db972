// Defined at build time by tooling/webpack.base.cjs and in tests by tooling/jest.setup.ts: shared/package.json's version.
declare const __CRM_SHARED_VERSION__: string;
