import styled from 'styled-components';
import type { LeadImportJob } from '@crm/shared/schemas';
import type { ColorName } from '@crm/shared/ui';

export interface ImportCountsProps {
  job: Pick<LeadImportJob, 'created' | 'updated' | 'skipped' | 'rejected'>;
}

const ITEMS: { key: keyof ImportCountsProps['job']; label: string; color: ColorName }[] = [
  { key: 'created', label: 'Создано', color: 'success' },
  { key: 'updated', label: 'Обновлено', color: 'info' },
  { key: 'skipped', label: 'Пропущено', color: 'secondary' },
  { key: 'rejected', label: 'Отклонено', color: 'error' },
];

const List = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(8rem, 1fr));
  gap: 0.75rem;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Item = styled.li<{ $color: ColorName }>`
  display: flex;
  flex-direction: column;
  gap: 0.125rem;
  padding: 0.75rem 1rem;
  border-radius: ${({ theme }) => theme.radius.md};
  border-inline-start: 3px solid ${({ theme, $color }) => theme.colors[$color]};
  background: ${({ theme }) => theme.colors.hover};
  font-size: ${({ theme }) => theme.font.sizeSm};
  & strong {
    font-size: ${({ theme }) => theme.font.sizeXl};
    font-weight: 500;
    color: ${({ theme }) => theme.colors.text};
  }
`;

/** Created, updated, skipped and rejected rows, live while running and as the summary. */
export function ImportCounts({ job }: ImportCountsProps) {
  return (
    <List aria-label="Результаты импорта">
      {ITEMS.map(({ key, label, color }) => (
        <Item key={key} $color={color}>
          <span>{label}</span>
          <strong>{job[key]}</strong>
        </Item>
      ))}
    </List>
  );
}
