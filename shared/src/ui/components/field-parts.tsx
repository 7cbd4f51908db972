import styled from 'styled-components';

// Label and message parts shared by TextField and Select so both fields line up in a form.
export const FieldRoot = styled.div`
  display: flex;
  flex-direction: column;
  gap: 0.25rem;
  min-width: 0;
`;

export const FieldLabel = styled.label`
  font-size: ${({ theme }) => theme.font.sizeSm};
  color: ${({ theme }) => theme.colors.text};
  line-height: 1.2;
`;

export const FieldMessage = styled.div<{ $error?: boolean }>`
  font-size: ${({ theme }) => theme.font.sizeSm};
  line-height: 1.3;
  color: ${({ theme, $error }) => ($error ? theme.colors.errorText : theme.colors.textMuted)};
`;
