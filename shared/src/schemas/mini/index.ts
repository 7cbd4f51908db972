/**
 * `@crm/shared/schemas/mini`: the schemas and constants the first load of a page needs, built with `zod/mini`
 * (functional API, tree-shaken) so that no page loads classic zod before it opens a form (docs/decisions/033).
 * They are the API's own schemas, not copies: `@crm/shared/schemas` re-exports every one of them, and the API
 * validates with them. The exception is the documents list's (`mini*` in `document-list.ts`): twins of classic schemas
 * the API keeps, held to the same inputs and messages by their test. Files under `mini/` import only `zod/mini` and
 * each other (the lint checks it).
 */
export * from './ability-rule';
export * from './api-error';
export * from './calendar-date';
export * from './document-list';
export * from './envelope';
export * from './id';
export * from './lead-history-fields';
export * from './lead-list-query';
export * from './realtime-channels';
export * from './session';
export * from './two-factor-session';
export * from './shortcuts';
export * from './task-types';
export * from './text';
export * from './user';
