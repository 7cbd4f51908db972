import { useState } from 'react';
import { RouteFormDrawer, TextField } from '@crm/shared/ui';
import { useCreateDocumentCategory } from '../api/create-document-category';

/** /document-category/list/AddDrawer: a category's title; the list revalidates on save. */
export function AddCategoryDrawer() {
  const createDocumentCategory = useCreateDocumentCategory();
  const [title, setTitle] = useState('');
  return (
    <RouteFormDrawer
      title="Новая категория"
      successMessage="Категория добавлена"
      onSubmit={() => createDocumentCategory({ title })}
    >
      {(errors) => (
        <TextField
          label="Название"
          name="title"
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          error={errors.title}
          autoFocus
        />
      )}
    </RouteFormDrawer>
  );
}
