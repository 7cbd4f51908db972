import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { totalKindOf } from '@crm/shared/lists';
import { DataTable, type DataTableColumn, type RowId, type TotalKind } from './data-table';
import { UiLanguageProvider } from '../i18n/ui-i18n';

interface Status {
  id: number;
  name: string;
  position: number;
}

const columns: DataTableColumn<Status>[] = [
  { key: 'name', header: 'Name', sortable: true },
  { key: 'position', header: 'Position', sortable: true, align: 'end' },
  { key: 'actions', header: 'Actions', render: (row) => <button type="button">Delete {row.name}</button> },
];

const rows: Status[] = [
  { id: 1, name: 'New', position: 1 },
  { id: 2, name: 'In work', position: 2 },
];

function Harness(props: {
  rows?: Status[];
  loading?: boolean;
  selectable?: boolean;
  totalKind?: TotalKind;
  onPerPageChange?: (n: number) => void;
}) {
  const [page, setPage] = useState(2);
  const [perPage, setPerPage] = useState(25);
  const [sort, setSort] = useState<string | undefined>();
  const [selected, setSelected] = useState<RowId[]>([]);
  return (
    <>
      <DataTable
        aria-label="Statuses"
        columns={columns}
        rows={props.rows ?? rows}
        rowKey="id"
        loading={props.loading}
        page={page}
        perPage={perPage}
        total={230}
        totalKind={props.totalKind}
        lastPage={Math.ceil(230 / perPage)}
        onPageChange={setPage}
        onPerPageChange={(n) => {
          setPerPage(n);
          props.onPerPageChange?.(n);
        }}
        sort={sort}
        onSortChange={setSort}
        selectable={props.selectable}
        selectedIds={selected}
        onSelectionChange={setSelected}
      />
      <output data-testid="state">{JSON.stringify({ page, perPage, sort: sort ?? null, selected })}</output>
    </>
  );
}

const state = () => JSON.parse(screen.getByTestId('state').textContent ?? '{}');

describe('DataTable', () => {
  it('renders a row per item with plain and rendered cells', () => {
    render(<Harness />);
    const table = screen.getByRole('table', { name: 'Statuses' });
    const bodyRows = within(table).getAllByRole('row').slice(1);
    expect(bodyRows).toHaveLength(2);
    expect(within(bodyRows[0]).getByText('New')).toBeInTheDocument();
    expect(within(bodyRows[1]).getByRole('button', { name: 'Delete In work' })).toBeInTheDocument();
    expect(screen.getByText('26–50 из 230')).toBeInTheDocument();
  });

  it('says when the total is a capped count or an estimate, as the list meta tells', () => {
    const { rerender } = render(<Harness totalKind={totalKindOf({ current_page: 2, per_page: 25, total: 230, last_page: 10, total_is_capped: true, total_is_estimate: true } as never)} />);
    expect(screen.getByText('26–50 из более чем 230')).toBeInTheDocument();
    rerender(<Harness totalKind={totalKindOf({ current_page: 2, per_page: 25, total: 230, last_page: 10, total_is_estimate: true } as never)} />);
    expect(screen.getByText('26–50 из примерно 230')).toBeInTheDocument();
    rerender(<Harness totalKind={totalKindOf({ current_page: 2, per_page: 25, total: 230, last_page: 10 })} />);
    expect(screen.getByText('26–50 из 230')).toBeInTheDocument();
  });

  it('lets the keyboard reach and scroll the table sideways on a narrow screen, even with nothing focusable in it', async () => {
    const user = userEvent.setup();
    const plain: DataTableColumn<Status>[] = [{ key: 'name', header: 'Name' }];
    render(<DataTable aria-label="Statuses" columns={plain} rows={rows} rowKey="id" page={1} perPage={25} total={2} lastPage={1} onPageChange={() => undefined} onPerPageChange={() => undefined} />);
    await user.tab();
    expect(screen.getByRole('region', { name: 'Statuses' })).toHaveFocus();
    expect(within(screen.getByRole('region', { name: 'Statuses' })).getByRole('table', { name: 'Statuses' })).toBeInTheDocument();
  });

  it("says 'Нет данных' on a Russian screen and the spec's 'No data available' on an English one when there are no rows", () => {
    render(<Harness rows={[]} />);
    expect(screen.getByText('Нет данных')).toBeInTheDocument();
    expect(screen.queryByText('No data available')).not.toBeInTheDocument();
    cleanup();
    render(
      <UiLanguageProvider lng="en">
        <Harness rows={[]} />
      </UiLanguageProvider>,
    );
    expect(screen.getByText('No data available')).toBeInTheDocument();
  });

  it('says nothing of "0–0 из 0" until the first page has come', () => {
    const table = (loading: boolean) => (
      <DataTable aria-label="Statuses" columns={columns} rows={[]} rowKey="id" loading={loading} page={1} perPage={25} total={0} lastPage={1} onPageChange={() => undefined} onPerPageChange={() => undefined} />
    );
    const { rerender } = render(table(true));
    expect(screen.queryByText('0–0 из 0')).not.toBeInTheDocument();
    expect(screen.getByText('Загрузка…')).toBeInTheDocument();
    rerender(table(false));
    expect(screen.getByText('0–0 из 0')).toBeInTheDocument();
  });

  it('shows a loader instead of the empty text while loading', () => {
    render(<Harness rows={[]} loading />);
    expect(screen.queryByText('Нет данных')).not.toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Загрузка' })).toBeInTheDocument();
    expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'true');
  });

  it('offers the spec page sizes and goes back to page 1 on a change', async () => {
    const onPerPageChange = jest.fn();
    render(<Harness onPerPageChange={onPerPageChange} />);
    const select = screen.getByLabelText('Строк на странице:');
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['5', '10', '20', '25', '50', '100']);
    await userEvent.setup().selectOptions(select, '50');
    expect(onPerPageChange).toHaveBeenCalledWith(50);
    expect(state()).toMatchObject({ page: 1, perPage: 50 });
    expect(screen.getByText('1–50 из 230')).toBeInTheDocument();
  });

  it('moves between pages', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Следующая страница' }));
    expect(state().page).toBe(3);
    await user.click(screen.getByRole('button', { name: 'Страница 1' }));
    expect(state().page).toBe(1);
    expect(screen.getByRole('button', { name: 'Предыдущая страница' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Страница 1' })).toHaveAttribute('aria-current', 'page');
  });

  it('toggles sorting ascending, descending, then off', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const header = screen.getByRole('columnheader', { name: /Name/ });
    expect(header).toHaveAttribute('aria-sort', 'none');
    expect(screen.getByRole('columnheader', { name: 'Actions' })).not.toHaveAttribute('aria-sort');
    const button = within(header).getByRole('button');
    await user.click(button);
    expect(state().sort).toBe('name');
    expect(header).toHaveAttribute('aria-sort', 'ascending');
    await user.click(button);
    expect(state().sort).toBe('-name');
    expect(header).toHaveAttribute('aria-sort', 'descending');
    await user.click(button);
    expect(state().sort).toBeNull();
    expect(header).toHaveAttribute('aria-sort', 'none');
  });

  it('selects rows one by one and all at once', async () => {
    const user = userEvent.setup();
    render(<Harness selectable />);
    const all = screen.getByRole('checkbox', { name: 'Выбрать все строки' });
    const [first] = screen.getAllByRole('checkbox', { name: 'Выбрать строку' });
    await user.click(first);
    expect(state().selected).toEqual([1]);
    expect(all).not.toBeChecked();
    expect((all as HTMLInputElement).indeterminate).toBe(true);
    await user.click(all);
    expect(state().selected).toEqual([1, 2]);
    expect(all).toBeChecked();
    await user.click(all);
    expect(state().selected).toEqual([]);
  });

  it('keeps a nowrap column on one line, and lets other cells wrap', () => {
    render(
      <DataTable<Status>
        aria-label="Statuses"
        columns={[
          { key: 'name', header: 'Name', nowrap: true },
          { key: 'position', header: 'Position' },
        ]}
        rows={rows}
        rowKey="id"
        page={1}
        perPage={25}
        total={2}
        lastPage={1}
        onPageChange={() => undefined}
        onPerPageChange={() => undefined}
      />,
    );
    expect(screen.getByRole('cell', { name: 'New' })).toHaveStyle({ whiteSpace: 'nowrap' });
    expect(screen.getByRole('cell', { name: '1' })).toHaveStyle({ whiteSpace: 'normal' });
  });
});
