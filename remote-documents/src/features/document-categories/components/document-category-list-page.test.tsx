import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from '@crm/shared/router';
import type { DocumentCategory } from '@crm/shared/schemas';
import { mockFetch, requestsTo } from '@crm/shared/testing';
import { renderRoutes } from '@crm/shared/testing';
import { AddCategoryDrawer } from './add-category-drawer';
import { DocumentCategoryListPage } from './document-category-list-page';

const routes: RouteObject[] = [
  {
    path: '/document-category/list',
    element: <DocumentCategoryListPage />,
    children: [{ path: 'AddDrawer', element: <AddCategoryDrawer /> }],
  },
];

describe('DocumentCategoryListPage', () => {
  it("lists the categories and deletes one only after 'Уверены?'", async () => {
    let categories: DocumentCategory[] = [
      { id: 1, title: 'Регламенты', position: 1, documents_count: 0 },
      { id: 2, title: 'Шаблоны', position: 2, documents_count: 0 },
    ];
    const fetch = mockFetch({
      'GET /api/document-category': () => ({ body: { data: categories } }),
      'DELETE /api/document-category/2': () => {
        categories = categories.filter((c) => c.id !== 2);
        return { body: { message: 'Deleted' } };
      },
    });
    renderRoutes(routes, '/document-category/list');
    const user = userEvent.setup();
    expect(await screen.findByRole('row', { name: /Регламенты/ })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Удалить Шаблоны' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Уверены?' })).getByRole('button', { name: 'Отмена' }));
    expect(requestsTo(fetch, 'DELETE /api/document-category/2')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Удалить Шаблоны' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Уверены?' })).getByRole('button', { name: 'Да' }));
    await waitFor(() => expect(screen.queryByRole('row', { name: /Шаблоны/ })).not.toBeInTheDocument());
    expect(requestsTo(fetch, 'DELETE /api/document-category/2')).toHaveLength(1);
    expect(screen.getByText('Категория удалена')).toBeInTheDocument();
  });

  it('adds a category from the AddDrawer child route, showing a 422 under the title first', async () => {
    let categories: DocumentCategory[] = [];
    let attempts = 0;
    const fetch = mockFetch({
      'GET /api/document-category': () => ({ body: { data: categories } }),
      'POST /api/document-category': ({ body }) => {
        attempts += 1;
        if (attempts === 1) return { status: 422, body: { message: 'Invalid', errors: { title: ['Введите название'] } } };
        categories = [{ id: 9, title: (body as { title: string }).title, position: 1, documents_count: 0 }];
        return { status: 201, body: { data: categories[0] } };
      },
    });
    const { router } = renderRoutes(routes, '/document-category/list');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Добавить категорию' }));
    const drawer = await screen.findByRole('dialog', { name: 'Новая категория' });
    expect(router.state.location.pathname).toBe('/document-category/list/AddDrawer');

    await user.click(within(drawer).getByRole('button', { name: 'Сохранить' }));
    expect(await within(drawer).findByText('Введите название')).toBeInTheDocument();

    await user.type(within(drawer).getByLabelText('Название'), 'Договоры');
    await user.click(within(drawer).getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/document-category/list'));
    expect(requestsTo(fetch, 'POST /api/document-category').map((r) => r.body)).toEqual([{ title: '' }, { title: 'Договоры' }]);
    expect(await screen.findByRole('row', { name: /Договоры/ })).toBeInTheDocument();
  });

  it('moves a category with the arrow buttons and renames it in place, showing a 422 on the title under the field', async () => {
    let categories: DocumentCategory[] = [
      { id: 1, title: 'Регламенты', position: 1, documents_count: 3 },
      { id: 2, title: 'Шаблоны', position: 2, documents_count: 0 },
    ];
    let renames = 0;
    const fetch = mockFetch({
      'GET /api/document-category': () => ({ body: { data: categories } }),
      'POST /api/document-category/reorder': ({ body }) => {
        const ids = (body as { ids: number[] }).ids;
        categories = ids.map((id, index) => ({ ...categories.find((c) => c.id === id)!, position: index + 1 }));
        return { body: { data: categories } };
      },
      'PUT /api/document-category/2': ({ body }) => {
        renames += 1;
        if (renames === 1) return { status: 422, body: { message: 'Invalid', errors: { title: ['Такая категория уже есть'] } } };
        categories = categories.map((c) => (c.id === 2 ? { ...c, title: (body as { title: string }).title } : c));
        return { body: { data: categories.find((c) => c.id === 2) } };
      },
    });
    renderRoutes(routes, '/document-category/list');
    const user = userEvent.setup();
    expect(await screen.findByRole('row', { name: /Регламенты.*3 док\./ })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Выше Шаблоны' }));
    await waitFor(() => expect(requestsTo(fetch, 'POST /api/document-category/reorder').map((r) => r.body)).toEqual([{ ids: [2, 1] }]));
    await waitFor(() => expect(screen.getAllByRole('row')[1]).toHaveAccessibleName(/Шаблоны/));

    await user.click(screen.getByRole('button', { name: 'Шаблоны' }));
    const field = screen.getByRole('textbox', { name: 'Название' });
    await user.clear(field);
    await user.type(field, 'Регламенты{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Такая категория уже есть');
    await user.clear(field);
    await user.type(field, 'Образцы{Enter}');
    expect(await screen.findByRole('row', { name: /Образцы/ })).toBeInTheDocument();
    expect(screen.getByText('Категория переименована')).toBeInTheDocument();
  });

  it('moves the documents of a category in use to one the user picks before deleting it', async () => {
    let categories: DocumentCategory[] = [
      { id: 1, title: 'Регламенты', position: 1, documents_count: 3 },
      { id: 2, title: 'Шаблоны', position: 2, documents_count: 0 },
    ];
    const fetch = mockFetch({
      'GET /api/document-category': () => ({ body: { data: categories } }),
      'DELETE /api/document-category/1': () => {
        categories = [{ ...categories[1], documents_count: 3 }];
        return { body: { message: 'Deleted' } };
      },
    });
    renderRoutes(routes, '/document-category/list');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Удалить Регламенты' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Уверены?' })).getByRole('button', { name: 'Да' }));
    const dialog = await screen.findByRole('dialog', { name: 'Перенести документы' });
    expect(within(dialog).getByRole('button', { name: 'Перенести и удалить' })).toBeDisabled();
    await user.click(within(dialog).getByRole('combobox', { name: 'Категория' }));
    await user.click(await screen.findByRole('option', { name: 'Шаблоны' }));
    await user.click(within(dialog).getByRole('button', { name: 'Перенести и удалить' }));
    await waitFor(() => expect(requestsTo(fetch, 'DELETE /api/document-category/1')).toHaveLength(1));
    expect(requestsTo(fetch, 'DELETE /api/document-category/1')[0].url.searchParams.get('move_to')).toBe('2');
    expect(await screen.findByText('Категория удалена')).toBeInTheDocument();
  });

  it('the in-use dialog has Отмена, which deletes nothing', async () => {
    const fetch = mockFetch({
      'GET /api/document-category': { body: { data: [{ id: 1, title: 'Регламенты', position: 1, documents_count: 3 }, { id: 2, title: 'Шаблоны', position: 2, documents_count: 0 }] } },
    });
    renderRoutes(routes, '/document-category/list');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Удалить Регламенты' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Да' }));
    const dialog = await screen.findByRole('dialog', { name: 'Перенести документы' });
    await user.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Перенести документы' })).not.toBeInTheDocument());
    expect(requestsTo(fetch, 'DELETE /api/document-category/1')).toHaveLength(0);
  });
});
