export * from './create-ability';
