export * from './ui-i18n';
export * from './ui-resources';
