import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from '@crm/shared/router';
import type { Document } from '@crm/shared/schemas';
import { flushDeferredDeletes } from '@crm/shared/api-client';
import { mockFetch, renderRoutes, requestsTo } from '@crm/shared/testing';
import { DocumentViewPage } from './document-view-page';

const document: Document = {
  id: 7,
  title: 'Регламент',
  text: '<p>Текст</p>',
  category_id: 4,
  links: [],
  files: [],
  created_by: { id: 1, name: 'Админ' },
  updated_by: { id: 1, name: 'Админ' },
  created_at: '2026-01-01T10:00:00.000Z',
  updated_at: '2026-01-01T10:00:00.000Z',
  version: 2,
};

const routes: RouteObject[] = [
  { path: '/document/list', element: <p>Все документы</p> },
  { path: '/document/:idView', element: <DocumentViewPage /> },
];

// The first test also loads the lazily imported text view and the kit's overlays.
jest.setTimeout(20_000);


describe('DocumentViewPage', () => {
  it('deletes after a confirmation naming the document, then goes to the list with an undo toast', async () => {
    const fetch = mockFetch({
      'GET /api/document/7': { body: { data: document } },
      'DELETE /api/document/7': { body: { message: 'ok' } },
    });
    const { router } = renderRoutes(routes, '/document/7-view');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Удалить' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Удалить документ «Регламент»?' });
    await user.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/document/7-view');

    await user.click(screen.getByRole('button', { name: 'Удалить' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Удалить' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/document/list'));
    expect(screen.getByRole('status')).toHaveTextContent('Документ «Регламент» удалён');
    expect(screen.getByRole('button', { name: 'Отменить' })).toBeInTheDocument();
    expect(requestsTo(fetch, 'DELETE /api/document/7')).toHaveLength(0);
    flushDeferredDeletes();
    await waitFor(() => expect(requestsTo(fetch, 'DELETE /api/document/7')).toHaveLength(1));
  });

  it('shows no delete without the delete ability', async () => {
    mockFetch({ 'GET /api/document/7': { body: { data: document } } });
    renderRoutes(routes, '/document/7-view', [{ action: 'view', subject: 'document' }]);
    expect(await screen.findByRole('heading', { name: 'Регламент' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Удалить' })).not.toBeInTheDocument();
  });
});
