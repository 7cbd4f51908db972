import styled from 'styled-components';
import type { LeadImportJob } from '@crm/shared/schemas';
import { ImportCounts } from './import-counts';

export interface ImportSummaryStepProps {
  job: LeadImportJob;
}

const Layout = styled.div`
  display: flex;
  flex-direction: column;
  gap: 1rem;
`;

const Heading = styled.p<{ $error?: boolean }>`
  margin: 0;
  font-size: ${({ theme }) => theme.font.sizeLg};
  color: ${({ theme, $error }) => ($error ? theme.colors.errorText : theme.colors.text)};
`;

const Muted = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.font.sizeSm};
`;

/** Step 4: what the import did; rejected rows can be downloaded with their reasons from the footer. */
export function ImportSummaryStep({ job }: ImportSummaryStepProps) {
  const failed = job.status === 'failed';
  return (
    <Layout>
      <Heading $error={failed} role={failed ? 'alert' : undefined}>
        {failed ? `Импорт прерван${job.error ? `: ${job.error}` : ''}` : 'Импорт завершён'}
      </Heading>
      <Muted>
        Обработано строк: {job.processed} из {job.total}
      </Muted>
      <ImportCounts job={job} />
      {job.rejected > 0 ? (
        <Muted>Отклонённые строки и причины — в отчёте (CSV с номером строки и ошибками).</Muted>
      ) : null}
    </Layout>
  );
}
