import styled from 'styled-components';
import { alpha } from '@crm/shared/ui';

// The look of the context bars that float over the content (link and table actions).

export const FloatingBar = styled.div`
  position: absolute;
  z-index: 5;
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.25rem;
  max-width: min(100%, 32rem);
  padding: 0.25rem 0.375rem;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  box-shadow: ${({ theme }) => theme.shadows.md};
  font-size: ${({ theme }) => theme.font.sizeSm};
`;

export const FloatingBarButton = styled.button<{ $danger?: boolean }>`
  padding: 0.25rem 0.5rem;
  border: 0;
  border-radius: ${({ theme }) => theme.radius.sm};
  background: transparent;
  color: ${({ theme, $danger }) => ($danger ? theme.colors.errorText : theme.colors.primaryText)};
  font-size: inherit;
  white-space: nowrap;
  cursor: pointer;
  &:hover, &:focus-visible {
    outline: none;
    background: ${({ theme, $danger }) => alpha($danger ? theme.colors.error : theme.colors.primary, 0.1)};
  }
`;
