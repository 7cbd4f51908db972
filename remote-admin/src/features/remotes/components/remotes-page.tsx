import { errorMessage } from '@crm/shared/api-client';
import styled from 'styled-components';
import { ErrorState, PageHeader, Spinner } from '@crm/shared/ui';
import { useRemotes } from '../api/get-remotes';
import { RemoteCard } from './remote-card';

const Page = styled.div`
  display: flex;
  flex-direction: column;
  gap: 1.5rem;
`;

/**
 * /admin/remotes (manage remotes): where the app loads each area from (docs/decisions/052, 058). A feature team's
 * build is switched here or with `pnpm remote:switch`; the API checks it first and keeps the previous one for rollback.
 */
export function RemotesPage() {
  const { data, error, isLoading, mutate } = useRemotes();
  return (
    <Page>
      <PageHeader
        title="Модули"
        subtitle="Откуда приложение загружает разделы. Новую сборку проверяют до переключения; пользователи получат её при следующей загрузке страницы."
      />
      {error && !data ? (
        <ErrorState title="Не удалось загрузить модули" message={errorMessage(error)} onRetry={() => void mutate()} />
      ) : isLoading || !data ? (
        <Spinner label="Загрузка модулей" />
      ) : (
        data.data.map((remote) => <RemoteCard key={remote.name} remote={remote} hostShared={data.meta.host_shared} />)
      )}
    </Page>
  );
}
