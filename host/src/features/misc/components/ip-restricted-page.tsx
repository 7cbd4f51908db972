import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Button } from '@crm/shared/ui';

export interface IpRestrictedPageProps {
  ip: string;
  onRetry: () => void;
}

const Screen = styled.main`
  position: fixed;
  inset: 0;
  z-index: 2100;
  display: flex;
  align-items: center;
  justify-content: center;
  padding: 1.5rem;
  background: ${({ theme }) => theme.colors.background};
`;

const Root = styled.section`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 0.75rem;
  max-width: 34rem;
  text-align: center;
`;

const Title = styled.h1`
  font-size: 1.75rem;
`;

const Message = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Address = styled.code`
  font-size: 1.25rem;
  color: ${({ theme }) => theme.colors.text};
`;

/** Over everything, once the API refuses this client's address (the IP allow-list): says so and names the address. */
export function IpRestrictedPage({ ip, onRetry }: IpRestrictedPageProps) {
  const { t } = useTranslation();
  return (
    <Screen>
      <Root aria-labelledby="ip-restricted-title">
        <Title id="ip-restricted-title">{t('misc.ipRestrictedTitle')}</Title>
        <Message>{t('misc.ipRestrictedMessage')}</Message>
        <Address data-testid="refused-address">{ip || t('misc.ipRestrictedUnknown')}</Address>
        <Message>{t('misc.ipRestrictedHelp')}</Message>
        <Button onClick={onRetry}>{t('misc.ipRestrictedRetry')}</Button>
      </Root>
    </Screen>
  );
}
