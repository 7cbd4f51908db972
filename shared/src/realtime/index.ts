export * from './realtime-settings';
export * from './realtime-context';
export * from './realtime-provider';
export * from './use-realtime';
