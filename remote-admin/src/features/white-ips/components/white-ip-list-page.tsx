import styled from 'styled-components';
import type { WhiteIp } from '@crm/shared/schemas';
import { Card, Chip, CrudListPage, type DataTableColumn, useConfirm } from '@crm/shared/ui';
import { useDeleteWhiteIp } from '../api/delete-white-ip';
import { useWhiteIps } from '../api/get-white-ips';
import { withLockoutConfirmation } from '../utils/with-lockout-confirmation';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

const columns: DataTableColumn<WhiteIp>[] = [
  { key: 'address', header: 'Address or range' },
  { key: 'comment', header: 'Comment' },
  { key: 'created_by', header: 'Added by', render: (entry) => entry.created_by?.name ?? '—' },
  { key: 'created_at', header: 'Added', width: 200, render: (entry) => dateTime.format(new Date(entry.created_at)) },
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
            Your address as the server sees it: <strong data-testid="your-ip">{meta.your_ip}</strong>
          </span>
          {data.data.length === 0 ? (
            <Chip color="info">The list is empty: every address may sign in</Chip>
          ) : meta.enforced ? (
            <Chip color="success">Enforced: other addresses are refused</Chip>
          ) : (
            <Chip color="warning">Not enforced (turned off from the server); any change turns it on again</Chip>
          )}
          </Status>
        </Card>
      ) : null}
      <CrudListPage
        title="IP allow-list"
        aria-label="IP allow-list"
        columns={columns}
        rows={data?.data}
        rowKey="id"
        loading={isLoading}
        error={error}
        onRetry={() => void mutate()}
        add={{ label: 'Add address', to: 'AddDrawer', subject: 'all' }}
        remove={{
          label: 'Delete',
          subject: 'all',
          rowLabel: (entry) => entry.address,
          run: (entry) =>
            withLockoutConfirmation(
              (confirmed) => deleteWhiteIp(entry.id, confirmed),
              (message) => confirm(message, { confirmLabel: 'Delete anyway', cancelLabel: 'Cancel' }),
            ),
          successMessage: 'IP entry deleted',
        }}
      />
    </Page>
  );
}
