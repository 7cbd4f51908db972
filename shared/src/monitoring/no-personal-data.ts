/**
 * Sentry's `dataCollection` (SDK 11; it replaces `sendDefaultPii: false`) for the API and the browser: no user fields,
 * cookies, headers, query strings, bodies, database values, queue arguments or local variables are collected.
 * `scrubEvent` runs after it as the second line.
 */
export const NO_PERSONAL_DATA = {
  userInfo: false,
  cookies: false,
  httpHeaders: { request: { allow: ['user-agent', 'content-type'] }, response: false },
  httpBodies: [],
  urlQueryParams: false,
  databaseQueryData: false,
  queues: false,
  stackFrameVariables: false,
  graphQL: { document: false, variables: false },
  genAI: { inputs: false, outputs: false },
  mcp: { inputs: false, outputs: false },
} satisfies Record<string, unknown>;
