import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useSession } from '@crm/shared/api-client';
import { useChannelEvent } from '@crm/shared/realtime';
import { realtimeChannels, realtimeEvents } from '@crm/shared/schemas/mini';
import { Button } from '@crm/shared/ui';

/** What `remote.switched` carries on the app channel (docs/decisions/052). */
interface RemoteSwitched {
  name: string;
  version: string | null;
}

const AREA_KEYS: Record<string, string> = { leads: 'nav.leads', documents: 'nav.documents', admin: 'nav.groupAdministration' };

const Bar = styled.div`
  display: flex;
  align-items: center;
  gap: 0.75rem;
  flex-wrap: wrap;
  padding: 0.5rem 1rem;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  color: ${({ theme }) => theme.colors.text};
`;

const Text = styled.p`
  margin: 0;
  flex: 1;
`;

/**
 * A remote was switched on the server: offer a reload, never force one. The page keeps working with the build it
 * loaded, so a form being filled in is not lost; the next page load gets the new build anyway.
 */
export function RemoteUpdateNotice() {
  const { t } = useTranslation();
  const { user } = useSession();
  const [areas, setAreas] = useState<string[]>([]);
  useChannelEvent<RemoteSwitched>(user ? realtimeChannels.app : null, realtimeEvents.remoteSwitched, ({ name }) => {
    setAreas((current) => (current.includes(name) ? current : [...current, name]));
  });
  if (areas.length === 0) return null;
  const names = areas.map((area) => (AREA_KEYS[area] ? t(AREA_KEYS[area]) : area)).join(', ');
  return (
    <Bar role="status" aria-label={t('remotes.updateLabel')}>
      <Text>{t('remotes.updateAvailable', { source: names })}</Text>
      <Button size="sm" onClick={() => window.location.reload()}>
        {t('remotes.updateReload')}
      </Button>
      <Button size="sm" variant="text" onClick={() => setAreas([])}>
        {t('remotes.updateLater')}
      </Button>
    </Bar>
  );
}
