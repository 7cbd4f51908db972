import { useTranslation } from 'react-i18next';
import styled from 'styled-components';

const Footer = styled.footer`
  padding: 1rem 1.5rem;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.sizeSm};
`;

/** §9: a static footer. */
export function AppFooter() {
  const { t } = useTranslation();
  return <Footer>{t('layout.footer', { year: new Date().getFullYear() })}</Footer>;
}
