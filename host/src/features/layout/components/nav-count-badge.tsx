import { useTranslation } from 'react-i18next';
import styled from 'styled-components';

export interface NavCountBadgeProps {
  /** The open tasks overdue or due today ("Мой день"'s count, docs/decisions/074); the caller hides a 0. */
  count: number;
}

const Badge = styled.span`
  margin-inline-start: auto;
  min-width: 1.375rem;
  padding: 0 0.375rem;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.colors.errorFill};
  color: ${({ theme }) => theme.colors.onError};
  font-weight: 600;
  font-size: ${({ theme }) => theme.font.sizeSm};
  line-height: 1.375rem;
  text-align: center;
`;

/** A menu entry's count, read out as what it counts; one look in the vertical and the horizontal navigation. */
export function NavCountBadge({ count }: NavCountBadgeProps) {
  const { t } = useTranslation();
  const label = t('nav.tasksDue', { count });
  return (
    <Badge title={label} aria-label={label}>
      {count}
    </Badge>
  );
}
