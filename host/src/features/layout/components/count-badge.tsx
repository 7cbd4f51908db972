import styled from 'styled-components';

/**
 * A menu entry's count ("Мой день"'s open tasks overdue or due today, docs/decisions/074), one look in the vertical
 * and the horizontal navigation. The caller labels it (`nav.tasksDue`) and hides a 0; a styled span only, so the
 * vertical menu's first load pays nothing for sharing it.
 */
export const CountBadge = styled.span`
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
