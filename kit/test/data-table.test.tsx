import { Button } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { act } from 'react';
import { AppError, i18n } from '@stockwise/shared';
import { DataTable, useTableParams, type TableParams } from '../src';

interface Brand {
  id: string;
  name: string;
  items: number;
}
const columns: GridColDef<Brand>[] = [
  { field: 'name', headerName: 'Name', flex: 1 },
  { field: 'items', headerName: 'Items', type: 'number' },
];
const BRANDS: Brand[] = Array.from({ length: 30 }, (_, index) => ({
  id: `b${index}`,
  name: `Brand ${String(index + 1).padStart(2, '0')}`,
  items: index,
}));

let seen: TableParams[] = [];

/** A screen's list as a real one would be: the API (here: BRANDS) pages and sorts what the URL asks for. */
function BrandList({
  state = 'ready',
  onRetry,
}: {
  state?: 'ready' | 'loading' | 'empty' | 'error' | 'forbidden';
  onRetry?: () => void;
}) {
  const { params, gridProps } = useTableParams({ defaultPageSize: 10 });
  seen.push(params);
  const sorted = [...BRANDS].sort((a, b) =>
    params.sort?.field === 'name' && params.sort.direction === 'desc'
      ? b.name.localeCompare(a.name)
      : a.name.localeCompare(b.name),
  );
  const page = sorted.slice(params.page * params.pageSize, (params.page + 1) * params.pageSize);
  return (
    <DataTable
      label="Brands"
      columns={columns}
      rows={state === 'ready' ? page : state === 'empty' ? [] : undefined}
      rowCount={state === 'ready' ? BRANDS.length : 0}
      loading={state === 'loading'}
      error={
        state === 'error'
          ? new Error('offline')
          : state === 'forbidden'
            ? new AppError('This needs settings.manage.', { status: 403, code: 'FORBIDDEN' })
            : undefined
      }
      onRetry={onRetry}
      gridProps={gridProps}
      empty={{ title: 'No brands yet', action: <Button>Add brand</Button> }}
      gridOptions={{ disableVirtualization: true }}
    />
  );
}

function Url() {
  const location = useLocation();
  return <output data-testid="url">{location.search}</output>;
}

function renderList(props: Parameters<typeof BrandList>[0] = {}, url = '/settings/brands') {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <BrandList {...props} />
      <Url />
    </MemoryRouter>,
  );
}

const rowNames = () =>
  within(screen.getByRole('grid', { name: 'Brands' }))
    .getAllByRole('gridcell')
    .filter((cell) => cell.getAttribute('data-field') === 'name')
    .map((cell) => cell.textContent);

beforeEach(() => {
  seen = [];
});

describe('DataTable', () => {
  it('shows the first page of rows the server sent', async () => {
    renderList();
    await waitFor(() => expect(rowNames()).toHaveLength(10));
    expect(rowNames()[0]).toBe('Brand 01');
    expect(seen.at(-1)).toEqual({ page: 0, pageSize: 10 });
  });

  it('keeps paging and sort in the URL, and asks the server for them', async () => {
    renderList();
    await waitFor(() => expect(rowNames()).toHaveLength(10));
    await userEvent.click(screen.getByRole('button', { name: /next page/i }));
    await waitFor(() => expect(screen.getByTestId('url')).toHaveTextContent('page=2'));
    expect(rowNames()[0]).toBe('Brand 11');
    expect(seen.at(-1)).toMatchObject({ page: 1, pageSize: 10 });

    await userEvent.click(screen.getByRole('columnheader', { name: /Name/ }));
    await waitFor(() => expect(screen.getByTestId('url')).toHaveTextContent('sort=name&order=asc'));
    // A new sort starts again from the first page.
    expect(screen.getByTestId('url')).not.toHaveTextContent('page=');
    await userEvent.click(screen.getByRole('columnheader', { name: /Name/ }));
    await waitFor(() => expect(rowNames()[0]).toBe('Brand 30'));
    expect(seen.at(-1)).toMatchObject({ page: 0, sort: { field: 'name', direction: 'desc' } });
  });

  it('opens on the page, sort and search a shared link names', async () => {
    renderList({}, '/settings/brands?page=3&size=10&sort=name&order=desc&q=acme');
    await waitFor(() => expect(rowNames()).toHaveLength(10));
    expect(seen.at(-1)).toEqual({ page: 2, pageSize: 10, sort: { field: 'name', direction: 'desc' }, q: 'acme' });
    expect(rowNames()[0]).toBe('Brand 10');
  });

  it('says when the list is empty, and offers the first step', async () => {
    renderList({ state: 'empty' });
    expect(await screen.findByText('No brands yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add brand' })).toBeInTheDocument();
  });

  it('shows that it is loading', async () => {
    renderList({ state: 'loading' });
    expect(await screen.findByRole('progressbar')).toBeInTheDocument();
  });

  it('says the list could not be loaded, and Retry asks again', async () => {
    const onRetry = jest.fn();
    renderList({ state: 'error', onRetry });
    expect(screen.getByRole('alert')).toHaveTextContent('This list could not be loaded.');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('a refusal of the caller’s roles is the forbidden state, not an error to retry', () => {
    renderList({ state: 'forbidden', onRetry: jest.fn() });
    expect(screen.getByRole('alert')).toHaveTextContent('You do not have access to this screen');
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('speaks Turkish in Turkish, the pager included (MUI X leaves it in English)', async () => {
    await act(() => i18n.changeLanguage('tr'));
    try {
      renderList();
      await waitFor(() => expect(rowNames()).toHaveLength(10));
      expect(screen.getByText('1–10 / 30')).toBeInTheDocument();
      expect(screen.getByText('Sayfa başına satır:')).toBeInTheDocument();
      expect(screen.queryByText(/ of 30/)).not.toBeInTheDocument();
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });
});
