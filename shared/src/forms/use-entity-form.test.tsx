import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, type RouteObject } from '@crm/shared/router';
import { ApiError } from '@crm/shared/api-client';
import { renderRoutes } from '@crm/shared/testing';
import { useEntityForm, type EntityForm, type EntityFormOptions } from './use-entity-form';

type Thing = { id: number; name: string; version: number };
type Values = { name: string };

const conflict = () => new ApiError(409, 'Changed by someone else', { code: 'LEAD_VERSION_CONFLICT' });

function setup(path: string, overrides: Partial<EntityFormOptions<Values, Thing>> = {}) {
  const seen: { current: EntityForm<Values, Thing> | null } = { current: null };
  const load = jest.fn(async (id: number): Promise<Thing> => ({ id, name: 'Стол', version: 3 }));
  const save = jest.fn(async (values: Values, context: { id: number | null; entity: Thing | null }) => ({
    id: context.id ?? 99,
    ...values,
  }));
  const onSaved = jest.fn();
  function ThingForm() {
    const form = useEntityForm<Values, Thing>({
      empty: { name: '' },
      load,
      toValues: (thing) => ({ name: thing.name }),
      save,
      savedTo: '/things',
      successMessage: 'Сохранено',
      onSaved,
      messages: { loadFailed: 'Ошибка загрузки вещи' },
      ...overrides,
    });
    seen.current = form;
    return (
      <>
        <p>
          {form.mode} {form.loadState.status} «{form.values.name}» {form.fieldError('name') ?? ''}
        </p>
        <Link to="/things">К списку</Link>
      </>
    );
  }
  const routes: RouteObject[] = [
    { path: '/things', element: <p>the list</p> },
    { path: '/things/create', element: <ThingForm /> },
    { path: '/things/:id/edit', element: <ThingForm /> },
  ];
  const { router, unmount } = renderRoutes(routes, path);
  return { router, unmount, form: () => seen.current!, load, save, onSaved };
}

describe('useEntityForm: leaving with unsaved changes', () => {
  const QUESTION = 'Есть несохранённые изменения. Уйти без сохранения?';

  it('leaves a clean form without asking', async () => {
    const { router } = setup('/things/7/edit');
    await screen.findByText('edit ready «Стол»');
    await userEvent.setup().click(screen.getByRole('link', { name: 'К списку' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/things'));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('asks before a link leaves a changed form: Остаться stays with the changes, Уйти leaves', async () => {
    const { router, form } = setup('/things/7/edit');
    await screen.findByText('edit ready «Стол»');
    act(() => form().setField('name', 'Стол дубовый'));
    const user = userEvent.setup();

    await user.click(screen.getByRole('link', { name: 'К списку' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: QUESTION })).getByRole('button', { name: 'Остаться' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/things/7/edit');
    expect(screen.getByText('edit ready «Стол дубовый»')).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'К списку' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: QUESTION })).getByRole('button', { name: 'Уйти' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/things'));
  });

  it('a save leaves without asking', async () => {
    const { router, form } = setup('/things/7/edit');
    await screen.findByText('edit ready «Стол»');
    act(() => form().setField('name', 'Стол дубовый'));
    await act(() => form().submit());
    expect(router.state.location.pathname).toBe('/things');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('asks the browser to confirm closing the tab only while there are changes', async () => {
    const { form } = setup('/things/7/edit');
    await screen.findByText('edit ready «Стол»');
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(unload()).toBe(false);
    act(() => form().setField('name', 'Стол дубовый'));
    expect(unload()).toBe(true);
    act(() => form().setField('name', 'Стол'));
    expect(unload()).toBe(false);
  });
});

describe('useEntityForm', () => {
  let consoleError: jest.SpyInstance;
  beforeEach(() => {
    consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => consoleError.mockRestore());

  it('is in create mode without the id: reads nothing, saves without a record, then toasts and leaves', async () => {
    const { router, form, load, save, onSaved } = setup('/things/create');
    expect(screen.getByText('create ready «»')).toBeInTheDocument();
    expect(form().id).toBeNull();
    act(() => form().setField('name', 'Стул'));
    await act(() => form().submit());

    expect(load).not.toHaveBeenCalled();
    expect(save).toHaveBeenCalledWith({ name: 'Стул' }, { id: null, entity: null });
    expect(onSaved).toHaveBeenCalledWith({ id: 99, name: 'Стул' });
    expect(router.state.location.pathname).toBe('/things');
    expect(await screen.findByText('Сохранено')).toBeInTheDocument();
  });

  it('is in edit mode with the id: reads the record, fills the form and saves on top of what it read', async () => {
    const { router, form, load, save } = setup('/things/7/edit');
    expect(screen.getByText('edit loading «»')).toBeInTheDocument();
    expect(await screen.findByText('edit ready «Стол»')).toBeInTheDocument();
    expect(load).toHaveBeenCalledWith(7);
    expect(form().base).toEqual({ name: 'Стол' });

    act(() => form().setField('name', 'Стол дубовый'));
    await act(() => form().submit());
    expect(save).toHaveBeenCalledWith({ name: 'Стол дубовый' }, { id: 7, entity: { id: 7, name: 'Стол', version: 3 } });
    expect(router.state.location.pathname).toBe('/things');
  });

  it('is not found for a 404, and for an id that cannot be one without asking the server', async () => {
    const missing = setup('/things/7/edit', { load: async () => Promise.reject(new ApiError(404, 'Not Found')) });
    expect(await screen.findByText('edit not-found «»')).toBeInTheDocument();
    expect(consoleError).not.toHaveBeenCalled();
    missing.unmount();

    const { load } = setup('/things/abc/edit');
    expect(screen.getByText('edit not-found «»')).toBeInTheDocument();
    expect(load).not.toHaveBeenCalled();
  });

  it("logs a failed read with the spec's message, says so in a toast, and reads again on reload", async () => {
    let fail = true;
    const { form } = setup('/things/7/edit', {
      load: async (id) => (fail ? Promise.reject(new ApiError(500, 'Server Error')) : { id, name: 'Стол', version: 3 }),
    });
    expect(await screen.findByText('edit error «»')).toBeInTheDocument();
    expect(consoleError).toHaveBeenCalledWith('Ошибка загрузки вещи', expect.objectContaining({ status: 500 }));
    expect(screen.getByRole('status')).toHaveTextContent('Ошибка загрузки вещи');
    fail = false;
    await act(() => form().reload());
    expect(screen.getByText('edit ready «Стол»')).toBeInTheDocument();
  });

  it('keeps a 422 per field, first message first, and stays on the form', async () => {
    const invalid = new ApiError(422, 'The given data was invalid', {
      errors: { name: ['Укажите название', 'Второе'], version: ['Укажите версию'] },
    });
    const { router, form } = setup('/things/7/edit', { save: async () => Promise.reject(invalid) });
    await screen.findByText('edit ready «Стол»');
    await act(() => form().submit());

    expect(screen.getByText('edit ready «Стол» Укажите название')).toBeInTheDocument();
    expect(form().errorsOutside(['name'])).toEqual([{ field: 'version', message: 'Укажите версию' }]);
    expect(router.state.location.pathname).toBe('/things/7/edit');
    expect(consoleError).not.toHaveBeenCalled();
  });

  it("logs any other failed save as 'Ошибка сохранения', toasts it and stays", async () => {
    const { router, form } = setup('/things/7/edit', { save: async () => Promise.reject(new ApiError(500, 'Server Error')) });
    await screen.findByText('edit ready «Стол»');
    await act(() => form().submit());
    expect(consoleError).toHaveBeenCalledWith('Ошибка сохранения', expect.objectContaining({ status: 500 }));
    expect(await screen.findByText('Ошибка сохранения: Server Error')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/things/7/edit');
    expect(form().saving).toBe(false);
  });

  it('opens the review on a conflict with the current record; reloading it drops the local edits', async () => {
    // The first read is what the user edits; by the time of the save someone else has changed it.
    const answers: Thing[] = [{ id: 7, name: 'Стол', version: 3 }];
    const theirs: Thing = { id: 7, name: 'Стол (их)', version: 4 };
    const save = jest.fn(async () => Promise.reject(conflict()));
    const { form } = setup('/things/7/edit', { load: async () => answers.shift() ?? theirs, save });
    await screen.findByText('edit ready «Стол»');
    act(() => form().setField('name', 'Стол (мой)'));
    await act(() => form().submit());

    await waitFor(() => expect(form().conflict).toEqual({ current: theirs, loading: false }));
    expect(save).toHaveBeenCalledTimes(1);
    expect(consoleError).not.toHaveBeenCalledWith('Ошибка сохранения', expect.anything());

    await act(() => form().reloadFromServer());
    expect(form().conflict).toBeNull();
    expect(screen.getByText('edit ready «Стол (их)»')).toBeInTheDocument();
  });

  it('saves a merge on top of the current record after a conflict', async () => {
    let saves = 0;
    const save = jest.fn(async (values: Values, context: { id: number | null; entity: Thing | null }) => {
      if (saves++ === 0) throw conflict();
      return { ...values, id: context.id };
    });
    const { router, form } = setup('/things/7/edit', {
      load: async (id) => ({ id, name: saves === 0 ? 'Стол' : 'Стол (их)', version: saves === 0 ? 3 : 4 }),
      save,
    });
    await screen.findByText('edit ready «Стол»');
    await act(() => form().submit());
    await waitFor(() => expect(form().conflict?.current).toEqual({ id: 7, name: 'Стол (их)', version: 4 }));

    const current = form().conflict!.current!;
    await act(() => form().saveMerged({ name: 'Стол (общий)' }, current));
    expect(save).toHaveBeenLastCalledWith({ name: 'Стол (общий)' }, { id: 7, entity: { id: 7, name: 'Стол (их)', version: 4 } });
    expect(router.state.location.pathname).toBe('/things');
  });

  it('treats only what isConflict says as a conflict', async () => {
    const { form } = setup('/things/7/edit', {
      save: async () => Promise.reject(new ApiError(409, 'Status in use', { code: 'STATUS_IN_USE' })),
      isConflict: (error) => error instanceof ApiError && error.code === 'LEAD_VERSION_CONFLICT',
    });
    await screen.findByText('edit ready «Стол»');
    await act(() => form().submit());
    expect(form().conflict).toBeNull();
    expect(await screen.findByText('Ошибка сохранения: Status in use')).toBeInTheDocument();
  });
});
