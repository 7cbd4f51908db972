import { useState } from 'react';
import { RouteFormDrawer, TextField } from '@crm/shared/ui';
import { useCreateCommentStep } from '../api/create-comment-step';

// The brand teal (§9): a new step stands out on lead comments until the admin picks its own colour.
const DEFAULT_COLOR = '#0D9394';

/** /comment-step/list/AddStepDrawer: a step's name and colour; the list revalidates on save. */
export function AddStepDrawer() {
  const createCommentStep = useCreateCommentStep();
  const [name, setName] = useState('');
  const [color, setColor] = useState(DEFAULT_COLOR);
  return (
    <RouteFormDrawer
      title="New step"
      successMessage="Step added"
      saveLabel="Save"
      cancelLabel="Cancel"
      onSubmit={() => createCommentStep({ name, color })}
    >
      {(errors) => (
        <>
          <TextField
            label="Name"
            name="name"
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={errors.name}
            autoFocus
          />
          <TextField
            label="Colour"
            name="color"
            type="color"
            value={color}
            onChange={(event) => setColor(event.target.value)}
            error={errors.color}
            hint="Shown on lead comments with this step"
          />
        </>
      )}
    </RouteFormDrawer>
  );
}
