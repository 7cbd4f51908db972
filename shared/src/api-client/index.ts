export * from './api-client';
export * from './api-error';
export * from './storage';
export * from './swr';
export * from './use-session';
