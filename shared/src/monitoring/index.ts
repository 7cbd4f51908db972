export { monitoringConfigSchema, type MonitoringConfig } from './monitoring-config';
export { scrubEvent, scrubText } from './scrub-event';
export { NO_PERSONAL_DATA } from './no-personal-data';
