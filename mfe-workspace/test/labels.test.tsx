import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n, ROLES } from '@stockwise/shared';
import { mockApi } from '../../shared/test/mock-api';
import { baseItem, renderAt, signInAs } from './helpers';

jest.setTimeout(60_000);

const settings = {
  widthMm: 60,
  heightMm: 30,
  symbology: 'code128',
  fields: ['serial', 'model', 'price'],
  showLogo: false,
  updatedAt: '',
};
const receiveType = (printLabel: boolean) => ({
  id: 'tt1',
  name: 'Receive',
  kind: 'receive',
  builtIn: true,
  fromStatuses: [],
  toStatus: 'in_stock',
  defaultFromLocationId: null,
  defaultToLocationId: null,
  customerRequired: false,
  printLabel,
  active: true,
  createdAt: '',
});
const type = {
  id: 't1',
  name: 'Phone',
  serialRequired: true,
  warrantyMonths: 12,
  active: true,
  createdAt: '',
  fields: [],
};
const location = { id: 'l1', name: 'Main store', kind: 'store', parentId: null, active: true, createdAt: '' };

function api(printLabel: boolean) {
  return mockApi((config) => {
    switch (config.url) {
      case '/api/label-settings':
        return { status: 200, data: settings };
      case '/api/transaction-types':
        return { status: 200, data: { items: [receiveType(printLabel)], total: 1 } };
      case '/api/item-types':
        return { status: 200, data: { items: [type], total: 1 } };
      case '/api/brands':
        return { status: 200, data: { items: [], total: 0 } };
      case '/api/locations':
        return { status: 200, data: { items: [location], total: 1 } };
      case '/api/items/receive': {
        const body = JSON.parse(config.data as string) as { serials: string[] };
        return {
          status: 201,
          data: { items: body.serials.map((serial, index) => ({ ...baseItem, id: `i${index}`, serial })) },
        };
      }
      case '/api/items/by-serial/SN-0001':
      case '/api/items/i1':
        return { status: 200, data: baseItem };
      case '/api/items/i1/history':
        return { status: 200, data: { events: [] } };
      default:
        return { status: 404, data: { message: 'unexpected' } };
    }
  });
}

async function choose(label: string, option: string) {
  fireEvent.mouseDown(await screen.findByRole('combobox', { name: new RegExp(`^${label}`) }));
  await userEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: option }));
}

async function receive(serials: string) {
  renderAt('/actions/inventory-reception');
  // The first render loads the page's lazy chunk.
  await screen.findByRole('combobox', { name: /^Item type/ }, { timeout: 10_000 });
  await choose('Item type', 'Phone');
  await choose('Location', 'Main store');
  await userEvent.click(screen.getByRole('textbox', { name: 'Serials' }));
  await userEvent.paste(serials);
  await userEvent.click(screen.getByRole('button', { name: /^Receive \d+ items?$/ }));
}

beforeEach(async () => {
  await act(() => i18n.changeLanguage('en'));
});

describe('label printing', () => {
  it('opens the labels after a reception when the Receive type prints labels, one barcode per item', async () => {
    signInAs(ROLES.newItemOperator);
    const print = jest.spyOn(window, 'print').mockImplementation(() => undefined);
    api(true);
    await receive('SN-0001..SN-0003');
    const dialog = await screen.findByRole('dialog', { name: '3 labels' });
    expect(
      within(dialog).getByText('Labels are 60 × 30 mm; choose that paper size in the print dialog.'),
    ).toBeVisible();
    expect(await within(dialog).findByRole('img', { name: 'Barcode of SN-0003' })).toHaveAttribute(
      'data-symbology',
      'code128',
    );
    // The printed sheet holds every label, each with the chosen fields only.
    const sheet = document.querySelector('.stockwise-label-sheet') as HTMLElement;
    expect(within(sheet).getAllByTestId('label')).toHaveLength(3);
    expect(within(sheet).getAllByTestId('label')[0]).toHaveTextContent('SN-0001X1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('only offers the labels after a reception when the Receive type does not print them', async () => {
    signInAs(ROLES.newItemOperator);
    api(false);
    await receive('A-1\nA-2');
    await screen.findByText('Received 2 items at Main store.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Print 2 labels' }));
    expect(await screen.findByRole('dialog', { name: '2 labels' })).toBeInTheDocument();
  });

  it('prints one item’s label on demand from Item History', async () => {
    signInAs(ROLES.storekeeper);
    api(false);
    renderAt('/item-status/item-search?q=SN-0001');
    await userEvent.click(await screen.findByRole('button', { name: 'Print label' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog', { name: '1 label' });
    expect(await within(dialog).findByRole('img', { name: 'Barcode of SN-0001' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(document.querySelector('.stockwise-label-sheet')).toBeNull();
  });
});
