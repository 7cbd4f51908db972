import { Button } from '@crm/shared/ui';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '@crm/shared/router';
import styled from 'styled-components';

export interface MessagePageProps {
  title: string;
  message: string;
}

const Root = styled.section`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 0.75rem;
  max-width: 32rem;
  text-align: center;
`;

const Title = styled.h1`
  font-size: 1.75rem;
`;

const Message = styled.p`
  margin: 0 0 0.75rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** A blank-layout page that explains where the user is and offers the way home. */
export function MessagePage({ title, message }: MessagePageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Root>
      <Title>{title}</Title>
      <Message>{message}</Message>
      <Button onClick={() => navigate('/')}>{t('common.backHome')}</Button>
    </Root>
  );
}
