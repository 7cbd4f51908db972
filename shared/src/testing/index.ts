// Test helpers for the front-end packages: a fetch mock at the network boundary and a router render with the host's providers.
export * from './mock-fetch';
export * from './render-routes';
