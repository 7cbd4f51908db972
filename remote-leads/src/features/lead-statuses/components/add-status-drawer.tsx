import { useId, useState } from 'react';
import styled from 'styled-components';
import { ColorPicker, RouteFormDrawer, TextField } from '@crm/shared/ui';
import { useCreateLeadStatus } from '../api/create-lead-status';

// The brand teal: a new status stands out until the user picks its own colour.
const DEFAULT_COLOR = '#0D9394';

const ColorField = styled.div`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: 0.25rem;
  & > span:first-child { font-size: ${({ theme }) => theme.font.sizeSm}; }
`;

/** /lead-status/list/AddStatusDrawer: name and colour; the server validates, the list revalidates on save. */
export function AddStatusDrawer() {
  const createLeadStatus = useCreateLeadStatus();
  const [name, setName] = useState('');
  const [color, setColor] = useState(DEFAULT_COLOR);
  const colorLabelId = useId();
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
          {/* The kit's palette picker, as in the statuses table, rather than a full-width native colour bar. */}
          <ColorField role="group" aria-labelledby={colorLabelId}>
            <span id={colorLabelId}>Цвет</span>
            <ColorPicker
              label="Цвет"
              paletteLabel="Цвета для статуса"
              color={color}
              onChange={setColor}
              error={errors.color}
            />
          </ColorField>
        </>
      )}
    </RouteFormDrawer>
  );
}
