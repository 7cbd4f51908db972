export * from './create-ability';
export * from './rules-not-held';
