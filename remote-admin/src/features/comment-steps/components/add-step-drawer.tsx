import { useState } from 'react';
import { RouteFormDrawer, TextField } from '@crm/shared/ui';
import { useCreateCommentStep } from '../api/create-comment-step';

/** /comment-step/list/AddStepDrawer: a step's name; the list revalidates on save. */
export function AddStepDrawer() {
  const createCommentStep = useCreateCommentStep();
  const [name, setName] = useState('');
  return (
    <RouteFormDrawer
      title="New step"
      successMessage="Step added"
      saveLabel="Save"
      cancelLabel="Cancel"
      onSubmit={() => createCommentStep({ name })}
    >
      {(errors) => (
        <TextField
          label="Name"
          name="name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={errors.name}
          autoFocus
        />
      )}
    </RouteFormDrawer>
  );
}
