export * from './lenient-query-schema';
export * from './use-list-query';
export * from './use-paged-query';
