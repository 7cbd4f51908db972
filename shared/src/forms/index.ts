export * from './use-entity-form';
export * from './parse-route-id';
