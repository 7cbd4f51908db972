import styled from 'styled-components';
import { alpha } from '@crm/shared/ui';

/** The card of the standalone sign-in's steps (sign-in-form.tsx, two-factor-step.tsx). */
export const Panel = styled.form`
  display: flex;
  flex-direction: column;
  gap: 1rem;
  width: min(100%, 26rem);
  margin: 3rem auto;
  padding: 2rem;
  background: ${({ theme }) => theme.colors.surface};
  border-radius: ${({ theme }) => theme.radius.md};
  box-shadow: ${({ theme }) => theme.shadows.md};
`;

export const Heading = styled.h1`
  font-size: ${({ theme }) => theme.font.sizeXl};
  font-weight: 500;
`;

export const Lead = styled.p`
  margin: -0.5rem 0 0.5rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

export const FormError = styled.div`
  padding: 0.625rem 0.875rem;
  border-radius: ${({ theme }) => theme.radius.md};
  color: ${({ theme }) => theme.colors.errorText};
  background: ${({ theme }) => alpha(theme.colors.error, 0.12)};
`;
