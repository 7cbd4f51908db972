// Federation module ./audit-log-page (/audit-log).
export { AuditLogPage as default } from '../../features/audit-log/components/audit-log-page';
