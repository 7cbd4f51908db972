import { screen, within } from '@testing-library/react';
import type { RouteObject } from '@crm/shared/router';
import type { DocumentCategory, DocumentListItem } from '@crm/shared/schemas';
import { mockFetch, renderRoutes, requestsTo } from '@crm/shared/testing';
import { DocumentListPage } from './document-list-page';

const categories: DocumentCategory[] = [
  { id: 1, title: 'Общие', position: 1, documents_count: 3 },
  { id: 4, title: 'Договоры', position: 2, documents_count: 1 },
];
const page = <DocumentListPage categories={categories} />;
const routes: RouteObject[] = [
  { path: '/document/list', element: page },
  { path: '/document/list/:id', element: page },
];

const row: DocumentListItem = {
  id: 9,
  title: 'Памятка',
  category_id: 4,
  category: { id: 4, title: 'Договоры' },
  excerpt: 'Все договоры поставки',
  highlight: [
    { text: 'Все ', match: false },
    { text: 'договоры', match: true },
    { text: ' поставки', match: false },
  ],
  files_count: 2,
  updated_at: '2026-01-01T10:00:00.000Z',
};

describe('DocumentListPage', () => {
  it('lists the category from the URL with the search marks, and the categories with their counts', async () => {
    const fetch = mockFetch({ 'GET /api/document': { body: { data: [row], meta: { current_page: 1, per_page: 25, total: 1, last_page: 1 } } } });
    renderRoutes(routes, '/document/list/4?search=%D0%B4%D0%BE%D0%B3%D0%BE%D0%B2%D0%BE%D1%80');
    const link = await screen.findByRole('link', { name: 'Памятка' });
    expect(link).toHaveAttribute('href', '/document/9-view');
    const cells = within(link.closest('tr')!);
    expect(cells.getByText('договоры').tagName).toBe('MARK');
    expect(cells.getByText('2')).toBeInTheDocument();
    const [request] = requestsTo(fetch, 'GET /api/document');
    expect(request.url.searchParams.get('category_id')).toBe('4');
    expect(request.url.searchParams.get('search')).toBe('договор');

    const sidebar = within(screen.getByRole('navigation', { name: 'Категории документов' }));
    expect(sidebar.getByRole('link', { name: /Все документы/ })).toHaveTextContent('4');
    expect(sidebar.getByRole('link', { name: /Договоры/ })).toHaveAttribute('aria-current', 'page');
  });

  it("says 'Нет данных' when nothing matches", async () => {
    mockFetch({ 'GET /api/document': { body: { data: [], meta: { current_page: 1, per_page: 25, total: 0, last_page: 1 } } } });
    renderRoutes(routes, '/document/list');
    expect(await screen.findByText('Нет данных')).toBeInTheDocument();
  });
});
