// oidc-provider ships no types; the tests use only this much of it (test-oidc-provider.ts).
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    Grant: new (init: { accountId: string; clientId: string }) => {
      addOIDCScope(scope: string): void;
      addOIDCClaims(claims: string[]): void;
      save(): Promise<string>;
    };
    on(event: string, listener: (...args: unknown[]) => void): void;
  }
}
