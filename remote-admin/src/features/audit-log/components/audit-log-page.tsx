import { errorMessage } from '@crm/shared/api-client';
import styled from 'styled-components';
import { useListQuery } from '@crm/shared/lists';
import { AUDIT_ACTIONS, type AuditEntry, auditLogQuerySchema } from '@crm/shared/schemas';
import { Card, DataTable, type DataTableColumn, ErrorState, formatDateTime, PageHeader, Select, TextField, userDisplayName } from '@crm/shared/ui';
import { useAuditActors } from '../api/get-audit-actors';
import { useAuditLog } from '../api/get-audit-log';
import { auditActionLabel } from '../utils/audit-action-label';
import { auditSubjectLabel } from '../utils/audit-subject-label';
import { describeChange } from '../utils/describe-change';

/** Who, and the API key they acted with (docs/decisions/072). */
const actorLabel = (entry: AuditEntry) => {
  const who = entry.actor.name ?? entry.actor.email ?? '—';
  return entry.api_key ? `${who} · API-ключ «${entry.api_key}»` : who;
};

const columns: DataTableColumn<AuditEntry>[] = [
  { key: 'created_at', header: 'Когда', width: 190, render: (entry) => formatDateTime(entry.created_at, 'ru') },
  { key: 'actor', header: 'Кто', render: actorLabel },
  { key: 'action', header: 'Действие', render: (entry) => auditActionLabel(entry.action) },
  { key: 'subject', header: 'Объект', render: (entry) => auditSubjectLabel(entry) },
  { key: 'change', header: 'Изменение', render: (entry) => describeChange(entry.before, entry.after) || '—' },
  { key: 'ip', header: 'Адрес', width: 150, render: (entry) => entry.ip ?? '—' },
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
  const actorOptions = (actors.data?.data ?? []).map((user) => ({ value: user.id, label: userDisplayName(user) }));

  return (
    <Page>
      <PageHeader title="Журнал действий" />
      <Card flush>
        <Filters role="search" aria-label="Фильтры журнала">
          <Select
            label="Кто"
            placeholder="Все"
            isClearable
            options={actorOptions}
            isLoading={actors.isLoading}
            value={query.actor_id ?? null}
            onChange={(actor_id) => update({ actor_id: actor_id ?? undefined })}
          />
          <Select
            label="Действие"
            placeholder="Все действия"
            isClearable
            options={actionOptions}
            value={query.action ?? null}
            onChange={(action) => update({ action: action ?? undefined })}
          />
          <TextField label="С" type="date" value={query.from ?? ''} onChange={(event) => update({ from: event.target.value || undefined })} />
          <TextField label="По" type="date" value={query.to ?? ''} onChange={(event) => update({ to: event.target.value || undefined })} />
        </Filters>
        {error && !data ? (
          <ErrorState title="Не удалось загрузить журнал" message={errorMessage(error)} onRetry={() => void mutate()} />
        ) : (
          <DataTable
            aria-label="Журнал действий"
            columns={columns}
            rows={data?.data ?? []}
            rowKey="id"
            loading={isLoading}
            {...tableProps(data?.meta)}
          />
        )}
      </Card>
    </Page>
  );
}
