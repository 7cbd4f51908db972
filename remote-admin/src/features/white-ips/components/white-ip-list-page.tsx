import styled from 'styled-components';
import type { WhiteIp } from '@crm/shared/schemas';
import { Card, Chip, CrudListPage, type DataTableColumn, formatDateTime, useConfirm } from '@crm/shared/ui';
import { useDeleteWhiteIp } from '../api/delete-white-ip';
import { useWhiteIps } from '../api/get-white-ips';
import { withLockoutConfirmation } from '../utils/with-lockout-confirmation';


const columns: DataTableColumn<WhiteIp>[] = [
  { key: 'address', header: 'Адрес или диапазон' },
  { key: 'comment', header: 'Комментарий' },
  { key: 'created_by', header: 'Кто добавил', render: (entry) => entry.created_by?.name ?? '—' },
  { key: 'created_at', header: 'Добавлен', width: 200, render: (entry) => formatDateTime(entry.created_at, 'ru') },
];

const Page = styled.div`
  display: flex;
  flex-direction: column;
  gap: 1.5rem;
`;

const Status = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.75rem 1.5rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/**
 * /white-ip/list (manage all): the IP allow-list. Empty, everyone may sign in; otherwise the API refuses every other
 * address. The add button opens the `AddDrawer` child route; deleting the entry that lets the admin in asks again.
 */
export function WhiteIpListPage() {
  const { data, error, isLoading, mutate } = useWhiteIps();
  const deleteWhiteIp = useDeleteWhiteIp();
  const confirm = useConfirm();
  const meta = data?.meta;
  return (
    <Page>
      {meta ? (
        <Card>
          <Status>
          <span>
            Ваш адрес, каким его видит сервер: <strong data-testid="your-ip">{meta.your_ip}</strong>
          </span>
          {data.data.length === 0 ? (
            <Chip color="info">Список пуст: входить можно с любого адреса</Chip>
          ) : meta.enforced ? (
            <Chip color="success">Действует: другие адреса не допускаются</Chip>
          ) : (
            <Chip color="warning">Не действует (отключён на сервере); любое изменение снова включит его</Chip>
          )}
          </Status>
        </Card>
      ) : null}
      <CrudListPage
        title="Разрешённые IP-адреса"
        aria-label="Разрешённые IP-адреса"
        columns={columns}
        rows={data?.data}
        rowKey="id"
        loading={isLoading}
        error={error}
        onRetry={() => void mutate()}
        add={{ label: 'Добавить адрес', to: 'AddDrawer', subject: 'all' }}
        remove={{
          label: 'Удалить',
          subject: 'all',
          rowLabel: (entry) => entry.address,
          run: (entry) =>
            withLockoutConfirmation(
              (confirmed) => deleteWhiteIp(entry.id, confirmed),
              (message) => confirm(message, { confirmLabel: 'Всё равно удалить', cancelLabel: 'Отмена' }),
            ),
          successMessage: 'IP-адрес удалён',
        }}
      />
    </Page>
  );
}
