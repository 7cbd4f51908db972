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
    expect(await screen.findByRole('listitem', { name: 'Регламенты' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Удалить Шаблоны' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Уверены?' })).getByRole('button', { name: 'Отмена' }));
    expect(requestsTo(fetch, 'DELETE /api/document-category/2')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Удалить Шаблоны' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Уверены?' })).getByRole('button', { name: 'Да' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Шаблоны' })).not.toBeInTheDocument());
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
    expect(await screen.findByRole('listitem', { name: 'Договоры' })).toBeInTheDocument();
  });
});
