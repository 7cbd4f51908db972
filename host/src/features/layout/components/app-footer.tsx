import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { BOXED_WIDTH, FOOTER_END_RESERVE_REM } from './layout-sizes';

export interface AppFooterProps {
  /** The spec's footer type: sticky stays at the bottom of the window, static ends the page (hidden: not drawn). */
  type: 'sticky' | 'static';
  boxed: boolean;
  /** The app's version, shown in the footer. */
  version: string;
  /** Where the API's documentation is served (`/api/docs`). */
  apiDocsUrl: string;
}

const Footer = styled.footer<{ $sticky: boolean }>`
  position: ${({ $sticky }) => ($sticky ? 'sticky' : 'static')};
  bottom: 0;
  z-index: 9;
  padding: 0 1.5rem;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.sizeSm};
`;

const Inner = styled.div<{ $boxed: boolean; $sticky: boolean }>`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 0.5rem 1rem;
  max-width: ${({ $boxed }) => ($boxed ? `${BOXED_WIDTH - 48}px` : 'none')};
  margin-inline: auto;
  padding: 1rem ${({ $sticky }) => ($sticky ? '1.25rem' : '0')};
  /* The scroll-to-top button sits in the window's end corner: the link ends before it. */
  padding-inline-end: ${FOOTER_END_RESERVE_REM}rem;
  border-radius: ${({ theme }) => `${theme.radius.md} ${theme.radius.md} 0 0`};
  background: ${({ $sticky, theme }) => ($sticky ? theme.colors.surface : 'transparent')};
  box-shadow: ${({ $sticky, theme }) => ($sticky ? theme.shadows.sm : 'none')};
`;

const Links = styled.nav`
  display: flex;
  gap: 1rem;
`;

/** The version of the app and a link to the API's documentation. */
export function AppFooter({ type, boxed, version, apiDocsUrl }: AppFooterProps) {
  const { t } = useTranslation();
  return (
    <Footer $sticky={type === 'sticky'} data-footer-type={type}>
      <Inner $boxed={boxed} $sticky={type === 'sticky'}>
        <span>
          {t('layout.footer', { year: new Date().getFullYear() })} · {t('layout.version', { version })}
        </span>
        <Links aria-label={t('layout.footerNav')}>
          <a href={apiDocsUrl} target="_blank" rel="noreferrer">
            {t('layout.apiDocs')}
          </a>
        </Links>
      </Inner>
    </Footer>
  );
}
