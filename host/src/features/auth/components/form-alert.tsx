import styled from 'styled-components';

/** A failure that belongs to no single field (429, network), shown above the submit button. */
export const FormAlert = styled.div.attrs({ role: 'alert' })`
  padding: 0.625rem 0.875rem;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => `${theme.colors.error}1f`};
  color: ${({ theme }) => theme.colors.errorText};
  font-size: ${({ theme }) => theme.font.sizeSm};
`;
