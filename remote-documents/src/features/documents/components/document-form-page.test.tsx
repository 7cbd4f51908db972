import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from '@crm/shared/router';
import type { AbilityRule, Document } from '@crm/shared/schemas';
import { flushDeferredDeletes } from '@crm/shared/api-client';
import { mockFetch, renderRoutes, requestsTo } from '@crm/shared/testing';
import { DocumentFormPage } from './document-form-page';

const categoryOptions = [
  { value: 1, label: 'Общие' },
  { value: 4, label: 'Регламенты' },
];

const page = <DocumentFormPage categoryOptions={categoryOptions} />;
const routes: RouteObject[] = [
  { path: '/document/list', element: <p>Все документы</p> },
  { path: '/document/list/:id', element: <p>Документы категории</p> },
  { path: '/document/create', element: page },
  { path: '/document/add', element: page, children: [{ path: 'Form', element: null }] },
  { path: '/document/:id/edit', element: page },
];

const document: Document = {
  id: 7,
  title: 'Регламент',
  text: '<p>Текст</p>',
  category_id: 4,
  links: ['https://example.com/a'],
  files: [{ id: 3, file_name: 'схема.png', size: 2048, mime: 'image/png', preview: '/api/files/k-preview/x.webp?s=1', url: '/api/files/k/схема.png?s=1' }],
  created_by: { id: 1, name: 'Админ' },
  updated_by: { id: 1, name: 'Админ' },
  created_at: '2026-01-01T10:00:00.000Z',
  updated_at: '2026-01-01T10:00:00.000Z',
  version: 2,
};

const VIEW_CREATE: AbilityRule[] = [
  { action: 'view', subject: 'document' },
  { action: 'create', subject: 'document' },
];
const WITH_EDIT: AbilityRule[] = [...VIEW_CREATE, { action: 'edit', subject: 'document' }];

const api = () =>
  mockFetch({
    'GET /api/document/7': { body: { data: document } },
    'PUT /api/document/7': { body: { data: { ...document, version: 3 } } },
    'DELETE /api/document/7': { body: { message: 'ok' } },
    'POST /api/document': { status: 422, body: { message: 'Invalid', errors: { title: ['Укажите название'], 'links.0': ['Укажите ссылку, начинающуюся с http:// или https://'] } } },
  });

// The first test also loads the lazily imported editor.
jest.setTimeout(20_000);

describe('DocumentFormPage', () => {
  it("with edit document: 'Ссылки', Сохранить, the files' upload and delete; saves with the version and goes to the list", async () => {
    const fetch = api();
    const { router } = renderRoutes(routes, '/document/7/edit', WITH_EDIT);
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'Редактировать документ' })).toBeInTheDocument();
    expect(await screen.findByDisplayValue('https://example.com/a')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Добавить ссылку' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Выбрать файлы' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Удалить схема.png' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Просмотр схема.png' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/document/list'));
    const [put] = requestsTo(fetch, 'PUT /api/document/7');
    expect(put.body).toEqual({ title: 'Регламент', category_id: 4, text: '<p>Текст</p>', links: ['https://example.com/a'], version: 2 });
  });

  it("without edit document: no 'Ссылки', no Сохранить, files without upload or delete", async () => {
    api();
    renderRoutes(routes, '/document/7/edit', VIEW_CREATE);
    expect(await screen.findByDisplayValue('Регламент')).toBeInTheDocument();
    expect(screen.queryByText('Ссылки')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Добавить ссылку' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Сохранить' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Выбрать файлы' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Удалить схема.png' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Просмотр схема.png' })).toBeInTheDocument();
  });

  it("Закрыть goes to the document's category when it exists, else to the list", async () => {
    api();
    const edit = renderRoutes(routes, '/document/7/edit', WITH_EDIT);
    const user = userEvent.setup();
    await screen.findByDisplayValue('Регламент');
    await user.click(screen.getByRole('button', { name: 'Закрыть' }));
    await waitFor(() => expect(edit.router.state.location.pathname).toBe('/document/list/4'));
    edit.unmount();

    const create = renderRoutes(routes, '/document/add/Form', WITH_EDIT);
    expect(await screen.findByRole('heading', { name: 'Добавить документ' })).toBeInTheDocument();
    expect(screen.queryByText('Файлы')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Закрыть' }));
    await waitFor(() => expect(create.router.state.location.pathname).toBe('/document/list'));
  });

  it('shows the first server message under each field, links included', async () => {
    api();
    renderRoutes(routes, '/document/create', WITH_EDIT);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Добавить ссылку' }));
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Укажите название')).toBeInTheDocument();
    const links = screen.getByRole('heading', { name: 'Ссылки' }).closest('section')!;
    expect(within(links).getByText('Укажите ссылку, начинающуюся с http:// или https://')).toBeInTheDocument();
  });

  it('in edit mode with delete document: Удалить asks by name, then goes to the list', async () => {
    const fetch = api();
    const { router } = renderRoutes(routes, '/document/7/edit', [...WITH_EDIT, { action: 'delete', subject: 'document' }]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Удалить' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Удалить документ «Регламент»?' })).getByRole('button', { name: 'Удалить' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/document/list'));
    expect(screen.getByRole('status')).toHaveTextContent('Документ «Регламент» удалён');
    expect(requestsTo(fetch, 'DELETE /api/document/7')).toHaveLength(0);
    flushDeferredDeletes();
    await waitFor(() => expect(requestsTo(fetch, 'DELETE /api/document/7')).toHaveLength(1));
  });

  it('offers no Удалить without delete document, nor in create mode', async () => {
    api();
    renderRoutes(routes, '/document/7/edit', WITH_EDIT);
    expect(await screen.findByDisplayValue('Регламент')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Удалить' })).not.toBeInTheDocument();
  });
});
