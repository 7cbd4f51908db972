export * from './ability-context';
export * from './ability-provider';
export * from './can';
export * from './use-ability';
