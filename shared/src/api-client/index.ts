export * from './api-client';
export * from './api-error';
export * from './download-file';
export * from './storage';
export * from './swr';
export * from './use-rules-refresh';
export * from './use-session';
export * from './upload-with-progress';
