import { useState } from 'react';
import { RouteFormDrawer, TextField } from '@crm/shared/ui';
import { useCreateCommentStep } from '../api/create-comment-step';

// The brand teal: a new step stands out on lead comments until the admin picks its own colour.
const DEFAULT_COLOR = '#0D9394';

/** /comment-step/list/AddStepDrawer: a step's name and colour; the list revalidates on save. */
export function AddStepDrawer() {
  const createCommentStep = useCreateCommentStep();
  const [name, setName] = useState('');
  const [color, setColor] = useState(DEFAULT_COLOR);
  return (
    <RouteFormDrawer
      title="Новый шаг"
      successMessage="Шаг добавлен"
      onSubmit={() => createCommentStep({ name, color })}
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
            hint="Показывается у комментариев к лиду с этим шагом"
          />
        </>
      )}
    </RouteFormDrawer>
  );
}
