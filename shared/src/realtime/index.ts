export * from './realtime-settings';
export * from './realtime-context';
export * from './realtime-provider';
export * from './after-first-screen';
export * from './use-realtime';
