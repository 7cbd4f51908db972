import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from '@crm/shared/router';
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

const step = (id: number, name: string, position: number, extra: Partial<CommentStep> = {}): CommentStep => ({
  id,
  name,
  position,
  color: '#A8AAAE',
  archived: false,
  ...extra,
});

describe('CommentStepListPage', () => {
  it("lists the steps and deletes one only after 'Уверены?'", async () => {
    let steps: CommentStep[] = [step(1, 'First call', 1), step(2, 'Meeting', 2)];
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

    await user.click(screen.getByRole('button', { name: 'Удалить First call' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Уверены?' })).getByRole('button', { name: 'Отмена' }));
    expect(requestsTo(fetch, 'DELETE /api/comment-steps/1')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Удалить First call' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Уверены?' })).getByRole('button', { name: 'Да' }));
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'First call' })).not.toBeInTheDocument());
    expect(requestsTo(fetch, 'DELETE /api/comment-steps/1')).toHaveLength(1);
  });

  it('offers to archive a step that comments use instead of deleting it', async () => {
    let steps: CommentStep[] = [step(1, 'First call', 1)];
    const message = 'This step is used by 2 comments, so it cannot be deleted. Archive it instead.';
    const question = 'Шаг уже используется в комментариях, поэтому его нельзя удалить. Перенесите его в архив.';
    const fetch = mockFetch({
      'GET /api/comment-steps': () => ({ body: { data: steps } }),
      'DELETE /api/comment-steps/1': () => ({ status: 409, body: { message, code: 'STEP_IN_USE' } }),
      'PATCH /api/comment-steps/1': ({ body }) => {
        steps = [{ ...steps[0], ...(body as Partial<CommentStep>) }];
        return { body: { data: steps[0] } };
      },
    });
    renderRoutes(routes, '/comment-step/list');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Удалить First call' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Уверены?' })).getByRole('button', { name: 'Да' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: question })).getByRole('button', { name: 'В архив' }));

    await waitFor(() => expect(requestsTo(fetch, 'PATCH /api/comment-steps/1').map((r) => r.body)).toEqual([{ archived: true }]));
    expect(await screen.findByText('В архиве')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Восстановить First call' })).toBeInTheDocument();
  });

  it('renames a step inline and moves it down', async () => {
    let steps: CommentStep[] = [step(1, 'First call', 1), step(2, 'Meeting', 2)];
    const fetch = mockFetch({
      'GET /api/comment-steps': () => ({ body: { data: steps } }),
      'PATCH /api/comment-steps/1': ({ body }) => {
        steps = steps.map((s) => (s.id === 1 ? { ...s, ...(body as Partial<CommentStep>) } : s));
        return { body: { data: steps[0] } };
      },
      'PUT /api/comment-steps/order': ({ body }) => {
        const ids = (body as { ids: number[] }).ids;
        steps = ids.map((id, index) => ({ ...steps.find((s) => s.id === id)!, position: index + 1 }));
        return { body: { data: steps } };
      },
    });
    renderRoutes(routes, '/comment-step/list');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'First call' }));
    const input = screen.getByRole('textbox', { name: 'Название шага' });
    await user.clear(input);
    await user.type(input, 'Call{Enter}');
    expect(await screen.findByRole('cell', { name: 'Call' })).toBeInTheDocument();
    expect(requestsTo(fetch, 'PATCH /api/comment-steps/1').map((r) => r.body)).toEqual([{ name: 'Call' }]);

    await user.click(screen.getByRole('button', { name: 'Ниже Call' }));
    await waitFor(() => expect(requestsTo(fetch, 'PUT /api/comment-steps/order').map((r) => r.body)).toEqual([{ ids: [2, 1] }]));
    const rows = within(screen.getByRole('table', { name: 'Шаги комментариев' })).getAllByRole('row');
    await waitFor(() => expect(within(rows[1]).getByRole('cell', { name: 'Meeting' })).toBeInTheDocument());
  });

  it('adds a step with its colour from the AddStepDrawer child route and returns to the refreshed list', async () => {
    let steps: CommentStep[] = [];
    const fetch = mockFetch({
      'GET /api/comment-steps': () => ({ body: { data: steps } }),
      'POST /api/comment-steps': ({ body }) => {
        const input = body as { name: string; color: string };
        steps = [step(3, input.name, 1, { color: input.color })];
        return { status: 201, body: { data: steps[0] } };
      },
    });
    const { router } = renderRoutes(routes, '/comment-step/list/AddStepDrawer');
    const user = userEvent.setup();
    const drawer = await screen.findByRole('dialog', { name: 'Новый шаг' });
    await user.type(within(drawer).getByLabelText('Название'), 'Contract');
    await user.click(within(drawer).getByRole('button', { name: 'Сохранить' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/comment-step/list'));
    expect(requestsTo(fetch, 'POST /api/comment-steps').map((r) => r.body)).toEqual([{ name: 'Contract', color: '#0D9394' }]);
    expect(await screen.findByRole('cell', { name: 'Contract' })).toBeInTheDocument();
    expect(screen.getByText('Шаг добавлен')).toBeInTheDocument();
  });
});
