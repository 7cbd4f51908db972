export * from './use-entity-form';
