import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router-dom';
import type { CommentStep } from '@crm/shared/schemas';
import { mockFetch, requestsTo } from '@crm/shared/testing';
import { renderRoutes } from '@crm/shared/testing';
import { AddStepDrawer } from './add-step-drawer';
import { CommentStepListPage } from './comment-step-list-page';

const routes: RouteObject[] = [
  {
    path: '/comment-step/list',
    element: <CommentStepListPage />,
    children: [{ path: 'AddStepDrawer', element: <AddStepDrawer /> }],
  },
];

describe('CommentStepListPage', () => {
  it("lists the steps and deletes one only after 'Уверены?'", async () => {
    let steps: CommentStep[] = [
      { id: 1, name: 'First call', position: 1 },
      { id: 2, name: 'Meeting', position: 2 },
    ];
    const fetch = mockFetch({
      'GET /api/comment-steps': () => ({ body: { data: steps } }),
      'DELETE /api/comment-steps/1': () => {
        steps = steps.filter((s) => s.id !== 1);
        return { body: { message: 'Deleted' } };
      },
    });
    renderRoutes(routes, '/comment-step/list');
    const user = userEvent.setup();
    expect(await screen.findByRole('cell', { name: 'Meeting' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete First call' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Уверены?' })).getByRole('button', { name: 'Отмена' }));
    expect(requestsTo(fetch, 'DELETE /api/comment-steps/1')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete First call' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Уверены?' })).getByRole('button', { name: 'Да' }));
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'First call' })).not.toBeInTheDocument());
    expect(requestsTo(fetch, 'DELETE /api/comment-steps/1')).toHaveLength(1);
  });

  it('adds a step from the AddStepDrawer child route and returns to the refreshed list', async () => {
    let steps: CommentStep[] = [];
    const fetch = mockFetch({
      'GET /api/comment-steps': () => ({ body: { data: steps } }),
      'POST /api/comment-steps': ({ body }) => {
        steps = [{ id: 3, position: 1, name: (body as { name: string }).name }];
        return { status: 201, body: { data: steps[0] } };
      },
    });
    const { router } = renderRoutes(routes, '/comment-step/list/AddStepDrawer');
    const user = userEvent.setup();
    const drawer = await screen.findByRole('dialog', { name: 'New step' });
    await user.type(within(drawer).getByLabelText('Name'), 'Contract');
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/comment-step/list'));
    expect(requestsTo(fetch, 'POST /api/comment-steps').map((r) => r.body)).toEqual([{ name: 'Contract' }]);
    expect(await screen.findByRole('cell', { name: 'Contract' })).toBeInTheDocument();
    expect(screen.getByText('Step added')).toBeInTheDocument();
  });
});
