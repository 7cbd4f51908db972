import { screen } from '@testing-library/react';
import type { RouteObject } from '@crm/shared/router';
import type { DocumentCategory } from '@crm/shared/schemas';
import { mockFetch, renderRoutes } from '@crm/shared/testing';
import { DocumentCategoryListPage } from './document-category-list-page';

const routes: RouteObject[] = [{ path: '/document-category/list', element: <DocumentCategoryListPage /> }];

it('counts each category\'s documents with the Russian plural: 1 документ, 2 документа, 5 документов', async () => {
  const categories: DocumentCategory[] = [
    { id: 1, title: 'Регламенты', position: 1, documents_count: 1 },
    { id: 2, title: 'Шаблоны', position: 2, documents_count: 2 },
    { id: 3, title: 'Скрипты', position: 3, documents_count: 5 },
  ];
  mockFetch({ 'GET /api/document-category': () => ({ body: { data: categories } }) });
  renderRoutes(routes, '/document-category/list');

  expect(await screen.findByRole('row', { name: /Регламенты.*1 документ$/ })).toBeInTheDocument();
  expect(screen.getByRole('row', { name: /Шаблоны.*2 документа$/ })).toBeInTheDocument();
  expect(screen.getByRole('row', { name: /Скрипты.*5 документов$/ })).toBeInTheDocument();
});
