export * from './realtime-client';
export * from './realtime-context';
export * from './realtime-provider';
export * from './use-realtime';
