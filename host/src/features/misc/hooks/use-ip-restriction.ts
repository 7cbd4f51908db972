import { useEffect, useState } from 'react';
import { IP_NOT_ALLOWED_EVENT } from '@crm/shared/api-client';

/**
 * The address the API refused (403 IP_NOT_ALLOWED on any call, from the host or a remote), or null while none was.
 * Once refused, every call would be: the app shows the restriction page until the user tries again.
 */
export function useIpRestriction(): { ip: string | null; retry: () => void } {
  const [ip, setIp] = useState<string | null>(null);
  useEffect(() => {
    const onRefused = (event: Event) => setIp((event as CustomEvent<{ ip?: string }>).detail?.ip ?? '');
    window.addEventListener(IP_NOT_ALLOWED_EVENT, onRefused);
    return () => window.removeEventListener(IP_NOT_ALLOWED_EVENT, onRefused);
  }, []);
  return { ip, retry: () => window.location.reload() };
}
