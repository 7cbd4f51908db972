import { IconArrowUp } from '@crm/shared/ui';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useScrolledPast } from '../hooks/use-scrolled-past';
import { CORNER_BUTTON_REM, CORNER_MARGIN_REM } from './layout-sizes';

/** The button appears once the page is scrolled more than this many px. */
export const SCROLL_TO_TOP_THRESHOLD = 200;

const Button = styled.button`
  position: fixed;
  inset-inline-end: ${CORNER_MARGIN_REM}rem;
  bottom: ${CORNER_MARGIN_REM}rem;
  z-index: 15;
  display: grid;
  place-items: center;
  width: ${CORNER_BUTTON_REM}rem;
  height: ${CORNER_BUTTON_REM}rem;
  padding: 0;
  border: 0;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.primaryFill};
  color: ${({ theme }) => theme.colors.onPrimary};
  box-shadow: ${({ theme }) => theme.shadows.md};
  cursor: pointer;
`;

export function ScrollToTop() {
  const { t } = useTranslation();
  const visible = useScrolledPast(SCROLL_TO_TOP_THRESHOLD);
  if (!visible) return null;
  return (
    <Button
      type="button"
      aria-label={t('layout.scrollToTop')}
      title={t('layout.scrollToTop')}
      onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
    >
      <IconArrowUp size={22} />
    </Button>
  );
}
