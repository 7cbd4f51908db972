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
      title="New IP entry"
      successMessage="IP entry added"
      saveLabel="Save"
      cancelLabel="Cancel"
      onSubmit={() =>
        withLockoutConfirmation(
          (confirmed) => createWhiteIp({ address, comment, confirm: confirmed }),
          (message) => confirm(message, { confirmLabel: 'Save anyway', cancelLabel: 'Cancel' }),
        )
      }
    >
      {(errors) => (
        <>
          <TextField
            label="Address or range"
            name="address"
            value={address}
            onChange={(event) => setAddress(event.target.value)}
            error={errors.address}
            hint="An IPv4 or IPv6 address (192.0.2.10, 2001:db8::1) or a CIDR range (10.0.0.0/8, 2001:db8::/32)"
            autoFocus
          />
          <TextField
            label="Comment"
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
