import { Card } from '@crm/shared/ui';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';

export interface UnavailableAreaProps {
  /** i18n key of the area's name, e.g. `nav.teams`. */
  areaKey: string;
}

const Body = styled.div`
  padding: 2rem 0.5rem;
  text-align: center;
  h1 { margin-bottom: 0.5rem; font-size: ${({ theme }) => theme.font.sizeXl}; }
  p { margin: 0; color: ${({ theme }) => theme.colors.textMuted}; }
`;

/**
 * Stands in for routes whose pages arrive with a later issue: the route, its name and its ability exist and are
 * guarded, but nothing pretends to be the feature.
 */
export function UnavailableArea({ areaKey }: UnavailableAreaProps) {
  const { t } = useTranslation();
  return (
    <Card>
      <Body>
        <h1>{t('misc.unavailableTitle')}</h1>
        <p>{t('misc.unavailableMessage', { area: t(areaKey) })}</p>
      </Body>
    </Card>
  );
}
