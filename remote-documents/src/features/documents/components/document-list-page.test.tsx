import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { flushDeferredDeletes } from '@crm/shared/api-client';
import { UNDO_DELETE_MS } from '@crm/shared/ui';
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

  it("says 'No data available' when nothing matches", async () => {
    mockFetch({ 'GET /api/document': { body: { data: [], meta: { current_page: 1, per_page: 25, total: 0, last_page: 1 } } } });
    renderRoutes(routes, '/document/list');
    expect(await screen.findByText('No data available')).toBeInTheDocument();
  });

  describe('delete', () => {
    const listed = () =>
      mockFetch({
        'GET /api/document': { body: { data: [row], meta: { current_page: 1, per_page: 25, total: 1, last_page: 1 } } },
        'DELETE /api/document/9': { body: { message: 'Документ удалён' } },
      });
    afterEach(() => jest.useRealTimers());

    it('asks to delete the document by its name, hides it at once and sends the delete after the undo window', async () => {
      jest.useFakeTimers();
      const fetch = listed();
      renderRoutes(routes, '/document/list');
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      await user.click(await screen.findByRole('button', { name: 'Удалить документ Памятка' }));
      const dialog = await screen.findByRole('alertdialog', { name: 'Удалить документ «Памятка»?' });
      await user.click(within(dialog).getByRole('button', { name: 'Удалить' }));
      await waitFor(() => expect(screen.queryByRole('link', { name: 'Памятка' })).not.toBeInTheDocument());
      expect(screen.getByRole('status')).toHaveTextContent('Документ «Памятка» удалён');
      expect(requestsTo(fetch, 'DELETE /api/document/9')).toHaveLength(0);
      await act(async () => jest.advanceTimersByTime(UNDO_DELETE_MS));
      expect(requestsTo(fetch, 'DELETE /api/document/9')).toHaveLength(1);
    });

    it('Отменить brings the document back and nothing is deleted', async () => {
      jest.useFakeTimers();
      const fetch = listed();
      renderRoutes(routes, '/document/list');
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      await user.click(await screen.findByRole('button', { name: 'Удалить документ Памятка' }));
      await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Удалить' }));
      await user.click(await screen.findByRole('button', { name: 'Отменить' }));
      expect(await screen.findByRole('link', { name: 'Памятка' })).toBeInTheDocument();
      await act(async () => jest.advanceTimersByTime(UNDO_DELETE_MS * 2));
      expect(requestsTo(fetch, 'DELETE /api/document/9')).toHaveLength(0);
      flushDeferredDeletes();
      expect(requestsTo(fetch, 'DELETE /api/document/9')).toHaveLength(0);
    });

    it('offers no delete without the delete ability', async () => {
      listed();
      renderRoutes(routes, '/document/list', [{ action: 'view', subject: 'document' }]);
      await screen.findByRole('link', { name: 'Памятка' });
      expect(screen.queryByRole('button', { name: /Удалить документ/ })).not.toBeInTheDocument();
    });
  });
});
