import styled from 'styled-components';

// Layout pieces shared by the toolbar panels' forms.

export const PanelFields = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: 0.75rem;
  & > * { flex: 1 1 12rem; }
`;

export const PanelActions = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: 0.5rem;
  margin-block-start: 0.75rem;
`;

export const PanelError = styled.div`
  margin-block-start: 0.5rem;
  color: ${({ theme }) => theme.colors.errorText};
  font-size: ${({ theme }) => theme.font.sizeSm};
`;
