import * as RadixDialog from '@radix-ui/react-dialog';
import styled, { keyframes } from 'styled-components';

// Pieces Dialog, Drawer and ConfirmDialog share: the backdrop and the header/body/footer layout.
const fadeIn = keyframes`from { opacity: 0; } to { opacity: 1; }`;
const fadeOut = keyframes`from { opacity: 1; } to { opacity: 0; }`;

export const Backdrop = styled(RadixDialog.Overlay)`
  position: fixed;
  inset: 0;
  z-index: ${({ theme }) => theme.zIndex.overlay};
  background: ${({ theme }) => theme.colors.backdrop};
  &[data-state='open'] { animation: ${fadeIn} 160ms ease-out; }
  &[data-state='closed'] { animation: ${fadeOut} 140ms ease-in; }
`;

export const OverlayHeader = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 1rem;
  padding: 1.25rem 1.5rem 0.75rem;
`;

export const OverlayTitle = styled(RadixDialog.Title)`
  margin: 0;
  font-size: ${({ theme }) => theme.font.sizeLg};
  font-weight: 500;
  line-height: 1.4;
  color: ${({ theme }) => theme.colors.text};
`;

export const OverlayBody = styled.div`
  padding: 0.5rem 1.5rem 1.25rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

export const OverlayFooter = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: 0.75rem;
  padding: 0 1.5rem 1.5rem;
`;
