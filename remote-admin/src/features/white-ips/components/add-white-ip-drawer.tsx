import { useState } from 'react';
import { RouteFormDrawer, TextField, useConfirm } from '@crm/shared/ui';
import { useCreateWhiteIp } from '../api/create-white-ip';
import { withLockoutConfirmation } from '../utils/with-lockout-confirmation';

/**
 * /white-ip/list/AddDrawer: an address or CIDR range and a comment. An entry that would shut the admin out is saved
 * only after they confirm it.
 */
export function AddWhiteIpDrawer() {
  const createWhiteIp = useCreateWhiteIp();
  const confirm = useConfirm();
  const [address, setAddress] = useState('');
  const [comment, setComment] = useState('');
  return (
    <RouteFormDrawer
      title="Новый IP-адрес"
      successMessage="IP-адрес добавлен"
      onSubmit={() =>
        withLockoutConfirmation(
          (confirmed) => createWhiteIp({ address, comment, confirm: confirmed }),
          (message) => confirm(message, { confirmLabel: 'Всё равно сохранить', cancelLabel: 'Отмена' }),
        )
      }
    >
      {(errors) => (
        <>
          <TextField
            label="Адрес или диапазон"
            name="address"
            value={address}
            onChange={(event) => setAddress(event.target.value)}
            error={errors.address}
            hint="Адрес IPv4 или IPv6 (192.0.2.10, 2001:db8::1) или диапазон CIDR (10.0.0.0/8, 2001:db8::/32)"
            autoFocus
          />
          <TextField
            label="Комментарий"
            name="comment"
            value={comment}
            onChange={(event) => setComment(event.target.value)}
            error={errors.comment}
          />
        </>
      )}
    </RouteFormDrawer>
  );
}
