import { errorMessage } from '@crm/shared/api-client';
import styled from 'styled-components';
import type { LeadImportJob } from '@crm/shared/schemas';
import { Button } from '@crm/shared/ui';
import { ImportCounts } from './import-counts';
import { ImportProgressBar } from './import-progress-bar';

export interface ImportProgressStepProps {
  job: LeadImportJob;
  /** The last progress poll failed. */
  error: Error | null;
  onRetry: () => void;
}

const Layout = styled.div`
  display: flex;
  flex-direction: column;
  gap: 1rem;
`;

const Row = styled.p`
  display: flex;
  justify-content: space-between;
  gap: 1rem;
  margin: 0;
  color: ${({ theme }) => theme.colors.text};
`;

const Muted = styled.p<{ $error?: boolean }>`
  margin: 0;
  font-size: ${({ theme }) => theme.font.sizeSm};
  color: ${({ theme, $error }) => ($error ? theme.colors.errorText : theme.colors.textMuted)};
`;

/** Step 3: the running import's progress and counts so far. */
export function ImportProgressStep({ job, error, onRetry }: ImportProgressStepProps) {
  return (
    <Layout>
      <Row>
        <span>{job.status === 'pending' ? 'Импорт в очереди…' : 'Импортируем лидов…'}</span>
        <span>
          Обработано {job.processed} из {job.total}
        </span>
      </Row>
      <ImportProgressBar processed={job.processed} total={job.total} label="Ход импорта" />
      <ImportCounts job={job} />
      {error ? (
        <Muted $error role="alert">
          Не удалось узнать ход импорта: {errorMessage(error)}{' '}
          <Button variant="text" size="sm" onClick={onRetry}>
            Повторить
          </Button>
        </Muted>
      ) : (
        <Muted>Импорт продолжится, даже если закрыть окно.</Muted>
      )}
    </Layout>
  );
}
