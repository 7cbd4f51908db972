import styled from 'styled-components';
import { useListQuery } from '@crm/shared/lists';
import { AUDIT_ACTIONS, type AuditEntry, auditLogQuerySchema } from '@crm/shared/schemas';
import { Card, DataTable, type DataTableColumn, ErrorState, PageHeader, Select, TextField } from '@crm/shared/ui';
import { useAuditActors } from '../api/get-audit-actors';
import { useAuditLog } from '../api/get-audit-log';
import { auditActionLabel } from '../utils/audit-action-label';
import { describeChange } from '../utils/describe-change';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

const columns: DataTableColumn<AuditEntry>[] = [
  { key: 'created_at', header: 'When', width: 190, render: (entry) => dateTime.format(new Date(entry.created_at)) },
  { key: 'actor', header: 'Who', render: (entry) => entry.actor.name ?? entry.actor.email ?? '—' },
  { key: 'action', header: 'Action', render: (entry) => auditActionLabel(entry.action) },
  {
    key: 'subject',
    header: 'Subject',
    render: (entry) => (entry.subject_type ? `${entry.subject_type}${entry.subject_id ? ` #${entry.subject_id}` : ''}` : '—'),
  },
  { key: 'change', header: 'Change', render: (entry) => describeChange(entry.before, entry.after) || '—' },
  { key: 'ip', header: 'Address', width: 150, render: (entry) => entry.ip ?? '—' },
];

const actionOptions = AUDIT_ACTIONS.map((action) => ({ value: action, label: auditActionLabel(action) }));

const Page = styled.div`
  display: flex;
  flex-direction: column;
  gap: 1.5rem;
`;

const Filters = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(12rem, 1fr));
  gap: 1rem;
  padding: 1.25rem;
`;

/** /audit-log (view audit): who did what, when and from where; filters and page live in the URL. */
export function AuditLogPage() {
  const { query, update, tableProps } = useListQuery(auditLogQuerySchema);
  const { data, error, isLoading, mutate } = useAuditLog(query);
  const actors = useAuditActors();
  const actorOptions = (actors.data?.data ?? []).map((user) => ({ value: user.id, label: `${user.first_name} ${user.name}`.trim() || user.email }));

  return (
    <Page>
      <PageHeader title="Audit log" />
      <Card flush>
        <Filters role="search" aria-label="Audit log filters">
          <Select
            label="Who"
            placeholder="Everyone"
            isClearable
            options={actorOptions}
            isLoading={actors.isLoading}
            value={query.actor_id ?? null}
            onChange={(actor_id) => update({ actor_id: actor_id ?? undefined })}
          />
          <Select
            label="Action"
            placeholder="All actions"
            isClearable
            options={actionOptions}
            value={query.action ?? null}
            onChange={(action) => update({ action: action ?? undefined })}
          />
          <TextField label="From" type="date" value={query.from ?? ''} onChange={(event) => update({ from: event.target.value || undefined })} />
          <TextField label="To" type="date" value={query.to ?? ''} onChange={(event) => update({ to: event.target.value || undefined })} />
        </Filters>
        {error && !data ? (
          <ErrorState title="Could not load the audit log" message={error.message} onRetry={() => void mutate()} />
        ) : (
          <DataTable
            aria-label="Audit log"
            columns={columns}
            rows={data?.data ?? []}
            rowKey="id"
            loading={isLoading}
            emptyText="No data available"
            {...tableProps(data?.meta)}
          />
        )}
      </Card>
    </Page>
  );
}
