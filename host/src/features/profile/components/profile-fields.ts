import styled from 'styled-components';

/** A label/value list of the profile and account tabs (role, teams, e-mail…). */
export const ProfileFields = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: 0.75rem 2rem;
  margin: 0;
  dt { color: ${({ theme }) => theme.colors.textMuted}; }
  dd { margin: 0; }
  ul { margin: 0; padding-inline-start: 1.25rem; }
`;
