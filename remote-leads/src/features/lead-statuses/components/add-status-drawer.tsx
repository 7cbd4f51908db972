import { useState } from 'react';
import { RouteFormDrawer, TextField } from '@crm/shared/ui';
import { useCreateLeadStatus } from '../api/create-lead-status';

// The brand teal: a new status stands out until the user picks its own colour.
const DEFAULT_COLOR = '#0D9394';

/** /lead-status/list/AddStatusDrawer: name and colour; the server validates, the list revalidates on save. */
export function AddStatusDrawer() {
  const createLeadStatus = useCreateLeadStatus();
  const [name, setName] = useState('');
  const [color, setColor] = useState(DEFAULT_COLOR);
  return (
    <RouteFormDrawer
      title="Новый статус"
      successMessage="Статус добавлен"
      onSubmit={() => createLeadStatus({ name, color })}
    >
      {(errors) => (
        <>
          <TextField
            label="Название"
            name="name"
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={errors.name}
            autoFocus
          />
          <TextField
            label="Цвет"
            name="color"
            type="color"
            value={color}
            onChange={(event) => setColor(event.target.value)}
            error={errors.color}
          />
        </>
      )}
    </RouteFormDrawer>
  );
}
