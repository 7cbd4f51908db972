export * from './nav-items';
export * from './resolve-basename';
export * from './sign-in-form';
export * from './standalone-app';
export * from './standalone-routes';
