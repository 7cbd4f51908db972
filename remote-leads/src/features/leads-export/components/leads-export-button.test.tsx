import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoutes } from '@crm/shared/testing';
import { LeadsExportButton } from './leads-export-button';

type Answer = { status: number; body: string; headers: Record<string, string> };

// jsdom has no Response; a stand-in with what the shared downloadFile reads.
function reply({ status, body, headers }: Answer) {
  const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  return {
    status,
    ok: status >= 200 && status < 300,
    headers: { get: (name: string) => lower[name.toLowerCase()] ?? null },
    text: async () => body,
    blob: async () => new Blob([body]),
  };
}

let saved: string[];

beforeEach(() => {
  saved = [];
  URL.createObjectURL = jest.fn(() => 'blob:http://localhost/export');
  URL.revokeObjectURL = jest.fn();
  // jsdom cannot navigate to a blob: record the name the browser would save under.
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});

afterEach(() => jest.restoreAllMocks());

function renderButton(query: Record<string, string | number | undefined>) {
  return renderRoutes([{ path: '/leads/list', element: <LeadsExportButton query={query} /> }], '/leads/list');
}

describe('LeadsExportButton', () => {
  it('downloads the export with the list filters (not the paging), in Russian, and saves it under the server’s name', async () => {
    let release: () => void = () => undefined;
    const fetch = jest.fn(
      () =>
        new Promise((resolve) => {
          release = () =>
            resolve(
              reply({
                status: 200,
                body: '\uFEFFid,surname\n',
                headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="leads-2025-02-03.csv"' },
              }),
            );
        }),
    );
    global.fetch = fetch as unknown as typeof global.fetch;
    renderButton({ page: 3, per_page: 25, search: 'Иван', status_id: 2, user_id: undefined, favorite: 1, sort: '-created_at' });
    const user = userEvent.setup();

    const button = screen.getByRole('button', { name: 'Экспорт' });
    await user.click(button);
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button).toBeDisabled();

    const url = new URL(String((fetch.mock.calls[0] as unknown[])[0]));
    expect(url.pathname).toBe('/api/leads/export');
    expect(Object.fromEntries(url.searchParams)).toEqual({ search: 'Иван', status_id: '2', favorite: '1', sort: '-created_at', lang: 'ru' });

    release();
    await waitFor(() => expect(button).not.toHaveAttribute('aria-busy'));
    expect(saved).toEqual(['leads-2025-02-03.csv']);
  });

  it('shows an error toast when the export fails and saves nothing', async () => {
    global.fetch = jest.fn(async () =>
      reply({ status: 403, body: JSON.stringify({ message: 'Forbidden' }), headers: { 'Content-Type': 'application/json' } }),
    ) as unknown as typeof global.fetch;
    renderButton({});
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Экспорт' }));

    expect(await screen.findByText('Не удалось выгрузить лидов: Недостаточно прав для этого действия.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Экспорт' })).toBeEnabled();
    expect(saved).toEqual([]);
  });
});
