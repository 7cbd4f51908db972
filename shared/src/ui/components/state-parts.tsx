import styled from 'styled-components';
import { alpha } from '../tokens/alpha';

// Layout ErrorState and EmptyState share.
export const StateRoot = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 0.75rem;
  padding: 3rem 1.5rem;
  text-align: center;
`;

export const StateBadge = styled.span<{ $color: string }>`
  display: grid;
  place-items: center;
  width: 3.5rem;
  height: 3.5rem;
  border-radius: 50%;
  color: ${({ $color }) => $color};
  background: ${({ $color }) => alpha($color, 0.16)};
`;

export const StateTitle = styled.h2`
  font-size: ${({ theme }) => theme.font.sizeLg};
  font-weight: 500;
`;

export const StateMessage = styled.p`
  margin: 0;
  max-width: 32rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;
