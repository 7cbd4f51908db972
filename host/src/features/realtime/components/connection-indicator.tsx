import { type ConnectionState, useConnectionState } from '@crm/shared/realtime';
import { useTranslation } from 'react-i18next';
import styled, { type DefaultTheme } from 'styled-components';

const colour = (state: ConnectionState, theme: DefaultTheme) =>
  state === 'connected' ? theme.colors.success : state === 'connecting' || state === 'initialized' ? theme.colors.warning : theme.colors.error;

const Dot = styled.span<{ $state: ConnectionState }>`
  display: inline-block;
  width: 0.625rem;
  height: 0.625rem;
  margin: 0 0.625rem;
  border-radius: 50%;
  background: ${({ $state, theme }) => colour($state, theme)};
  box-shadow: 0 0 0 3px ${({ $state, theme }) => `${colour($state, theme)}33`};
`;

/** The realtime connection's state as a small dot in the top bar; the tooltip names it. */
export function ConnectionIndicator() {
  const { t } = useTranslation();
  const state = useConnectionState();
  const label = t(`realtime.state_${state}`);
  return <Dot role="status" aria-label={label} title={label} data-state={state} $state={state} />;
}
