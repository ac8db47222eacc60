import { render, screen, within, fireEvent } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { i18n } from '@stockwise/shared';
import { CatalogueSelect } from '../src/components/CatalogueSelect';
import { destinationOf } from '../src/features/batch-actions/lib/destination';
import { serialColumn } from '../src/components/serialColumn';
import { useT } from '../src/features/reports/i18n';

const places = [
  { id: 'l1', name: 'Main Warehouse' },
  { id: 'l2', name: 'Airport Kiosk' },
];

beforeEach(async () => {
  await act(() => i18n.changeLanguage('en'));
});

describe('CatalogueSelect', () => {
  it('lists the entries by name and hands back the chosen id', async () => {
    const chosen: string[] = [];
    render(<CatalogueSelect label="Location" options={places} value="" onChange={(id) => chosen.push(id)} />);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Location' }));
    const list = within(screen.getByRole('listbox'));
    expect(list.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Main Warehouse',
      'Airport Kiosk',
    ]);
    await userEvent.click(list.getByRole('option', { name: 'Airport Kiosk' }));
    expect(chosen).toEqual(['l2']);
  });

  it('offers the empty choice when given one, and shows an error in place of the helper line', () => {
    render(
      <CatalogueSelect
        label="Brand"
        options={places}
        value=""
        onChange={() => undefined}
        empty="No brand"
        error="This field is required."
        helperText=" "
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Brand' });
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('This field is required.')).toBeInTheDocument();
    fireEvent.mouseDown(select);
    expect(within(screen.getByRole('listbox')).getAllByRole('option')[0]).toHaveTextContent('No brand');
  });
});

describe('destinationOf', () => {
  it('reads a scanned location name in any case, or its id', () => {
    expect(destinationOf(places, 'airport kiosk')?.id).toBe('l2');
    expect(destinationOf(places, '  MAIN WAREHOUSE ')?.id).toBe('l1');
    expect(destinationOf(places, 'l1')?.id).toBe('l1');
  });

  it('takes a serial, a part of a name or nothing for no location', () => {
    expect(destinationOf(places, 'SN-0001')).toBeUndefined();
    expect(destinationOf(places, 'Airport')).toBeUndefined();
    expect(destinationOf(places, '   ')).toBeUndefined();
  });
});

describe('serialColumn', () => {
  type Row = { serial: string; itemId: string };
  function Cell({ row }: { row: Row }) {
    const { t } = useT();
    const column = serialColumn<Row>(t, (one) => one.itemId);
    return (
      <>
        <span data-testid="header">{column.headerName}</span>
        {column.renderCell?.({ row } as never)}
      </>
    );
  }

  it('links the serial to its item history, named for screen readers, in English and Turkish', async () => {
    const { rerender } = render(
      <MemoryRouter>
        <Cell row={{ serial: 'SN-7', itemId: 'i7' }} />
      </MemoryRouter>,
    );
    const link = screen.getByRole('link', { name: 'Open the history of SN-7' });
    expect(link).toHaveTextContent('SN-7');
    expect(link).toHaveAttribute('href', '/item-status/item-search?q=SN-7&id=i7');
    expect(screen.getByTestId('header')).toHaveTextContent('Serial');
    await act(() => i18n.changeLanguage('tr'));
    rerender(
      <MemoryRouter>
        <Cell row={{ serial: 'SN-7', itemId: 'i7' }} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'SN-7 geçmişini aç' })).toBeInTheDocument();
  });
});
