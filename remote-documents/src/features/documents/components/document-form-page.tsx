import { useCallback, useId, type FormEvent } from 'react';
import { Outlet, useNavigate } from '@crm/shared/router';
import styled from 'styled-components';
import { useSWRConfig } from 'swr';
import { useAbility } from '@crm/shared/abilities/react';
import { useEntityForm } from '@crm/shared/forms';
import type { Document } from '@crm/shared/schemas';
import { Button, Card, Dialog, ErrorState, media, PageHeader, Select, Spinner, TextField, type SelectOption } from '@crm/shared/ui';
import { LazyRichTextEditor } from '@crm/shared/editor/lazy';
import { createDocument } from '../api/create-document';
import { useDeleteDocument } from '../api/delete-document';
import { getDocument } from '../api/get-document';
import { isDocumentsPageKey } from '../api/get-documents';
import { updateDocument } from '../api/update-document';
import { DOCUMENT_LIST_PATH, documentCloseTarget } from '../utils/document-close-target';
import {
  DOCUMENT_FORM_FIELDS,
  EMPTY_DOCUMENT_FORM_VALUES,
  toDocumentFormValues,
  toDocumentInput,
  type DocumentFormValues,
} from '../utils/document-form-values';
import { isDocumentVersionConflict } from '../utils/is-document-version-conflict';
import { DocumentFilesCard } from './document-files-card';
import { DocumentLinksCard } from './document-links-card';

export interface DocumentFormPageProps {
  /** The document categories as options, in their order (the app reads them from the categories feature). */
  categoryOptions: readonly SelectOption<number>[];
  categoriesLoading?: boolean;
  /** Revalidates the category counts after a save. */
  onSaved?: () => void;
}

const TEXT_HEIGHT = 400;

const Layout = styled.div`
  display: grid;
  gap: 1.5rem;
  ${media.up('md')} { grid-template-columns: minmax(0, 1fr) 20rem; align-items: start; }
`;

const Main = styled.div`
  display: grid;
  gap: 1.5rem;
  min-width: 0;
`;

const Fields = styled.div`
  display: grid;
  gap: 1.25rem;
  ${media.up('sm')} { grid-template-columns: repeat(2, minmax(0, 1fr)); }
  > :last-child { grid-column: 1 / -1; }
`;

const Centered = styled.div`
  display: grid;
  place-items: center;
  padding: 3rem 0;
`;

const FormAlert = styled.ul`
  margin: 0 0 1.25rem;
  padding: 0.75rem 1rem;
  list-style: none;
  color: ${({ theme }) => theme.colors.errorText};
  background: ${({ theme }) => theme.colors.hover};
  border-radius: ${({ theme }) => theme.radius.md};
`;

/**
 * The document form: create mode on /document/add (child Form) and /document/create, edit mode on
 * /document/:id/edit. 'Ссылки' and Сохранить only with `edit document`; in edit mode the card 'Файлы'.
 * Закрыть goes to the document's category list (or the list); a save goes to /document/list.
 */
export function DocumentFormPage({ categoryOptions, categoriesLoading, onSaved }: DocumentFormPageProps) {
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const ability = useAbility();
  const canEdit = ability.can('edit', 'document');
  const canDelete = ability.can('delete', 'document');
  const deleteDocument = useDeleteDocument();
  const revalidate = useCallback(() => {
    void mutate(isDocumentsPageKey);
    onSaved?.();
  }, [mutate, onSaved]);
  const form = useEntityForm<DocumentFormValues, Document>({
    empty: EMPTY_DOCUMENT_FORM_VALUES,
    load: async (documentId) => (await getDocument(documentId)).data,
    toValues: toDocumentFormValues,
    save: (values, { id, entity }) =>
      id === null ? createDocument(toDocumentInput(values)) : updateDocument(id, toDocumentInput(values, entity?.version)),
    savedTo: DOCUMENT_LIST_PATH,
    successMessage: 'Документ сохранён',
    onSaved: revalidate,
    isConflict: isDocumentVersionConflict,
    messages: { loadFailed: 'Ошибка загрузки документа' },
  });
  const formId = useId();
  const isEdit = form.mode === 'edit';
  const ready = form.loadState.status === 'ready';
  const failed = form.loadState.status === 'not-found' || form.loadState.status === 'error';
  const shownFields = DOCUMENT_FORM_FIELDS.filter((field) => field !== 'links' || canEdit);
  const otherErrors = form.errorsOutside(shownFields).filter(({ field }) => !(canEdit && field.startsWith('links.')));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void form.submit();
  };

  let content;
  if (form.loadState.status === 'loading') {
    content = (
      <Card>
        <Centered>
          <Spinner label="Загрузка документа" />
        </Centered>
      </Card>
    );
  } else if (form.loadState.status === 'not-found') {
    content = (
      <Card>
        <ErrorState title="Документ не найден" message="Возможно, он удалён." />
      </Card>
    );
  } else if (form.loadState.status === 'error') {
    const { error } = form.loadState;
    content = (
      <Card>
        <ErrorState title="Не удалось загрузить документ" message={error instanceof Error ? error.message : undefined} onRetry={() => void form.reload()} />
      </Card>
    );
  } else {
    content = (
      <Layout>
        <Main>
          <Card>
            <form id={formId} onSubmit={onSubmit} noValidate>
              {otherErrors.length > 0 ? (
                <FormAlert role="alert">
                  {otherErrors.map(({ field, message }) => (
                    <li key={field}>{message}</li>
                  ))}
                </FormAlert>
              ) : null}
              <Fields>
                <TextField
                  label="Название"
                  name="title"
                  value={form.values.title}
                  onChange={(event) => form.setField('title', event.target.value)}
                  error={form.errors.title}
                  autoComplete="off"
                />
                <Select<number>
                  label="Категория"
                  name="category_id"
                  options={categoryOptions}
                  value={form.values.category_id}
                  onChange={(value) => form.setField('category_id', value)}
                  error={form.errors.category_id}
                  isLoading={categoriesLoading}
                  placeholder="Выберите категорию"
                />
                <LazyRichTextEditor
                  label="Текст"
                  value={form.values.text}
                  onChange={(html) => form.setField('text', html)}
                  error={form.errors.text}
                  height={TEXT_HEIGHT}
                />
              </Fields>
            </form>
          </Card>
          {isEdit && form.id !== null && form.entity ? (
            <DocumentFilesCard documentId={form.id} files={form.entity.files} canEdit={canEdit} onChange={revalidate} />
          ) : null}
        </Main>
        {canEdit ? <DocumentLinksCard links={form.values.links} errors={form.errors} onChange={(links) => form.setField('links', links)} /> : null}
      </Layout>
    );
  }

  return (
    <>
      <PageHeader
        title={isEdit ? 'Редактировать документ' : 'Добавить документ'}
        actions={
          <>
            <Button variant="secondary" onClick={() => navigate(documentCloseTarget(isEdit ? form.entity : null))}>
              Закрыть
            </Button>
            {isEdit && canDelete && form.entity ? (
              <Button
                variant="danger"
                onClick={async () => {
                  const entity = form.entity;
                  if (!entity || !(await deleteDocument(entity))) return;
                  // The document is going: its unsaved edits go with it, without a second question.
                  form.allowNavigation();
                  navigate(DOCUMENT_LIST_PATH);
                }}
              >
                Удалить
              </Button>
            ) : null}
            {canEdit && !failed ? (
              <Button type="submit" form={formId} loading={form.saving} disabled={!ready}>
                Сохранить
              </Button>
            ) : null}
          </>
        }
      />
      {content}
      {form.conflict ? (
        <Dialog
          open
          onOpenChange={(open) => (open ? undefined : form.closeConflict())}
          title="Документ уже изменён"
          description="Кто-то сохранил документ, пока вы его редактировали."
          footer={
            <Button onClick={() => void form.reloadFromServer()} loading={form.conflict.loading}>
              Загрузить актуальную версию
            </Button>
          }
        />
      ) : null}
      {/* /document/add/Form is a child route with no page of its own. */}
      <Outlet />
    </>
  );
}
