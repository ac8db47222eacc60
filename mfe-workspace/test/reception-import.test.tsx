import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n, ROLES } from '@stockwise/shared';
import { mockApi, type Route } from '../../shared/test/mock-api';
import { currentLocation, receptionCatalogue, renderAt, signInAs } from './helpers';

const job = (over: Record<string, unknown> = {}) => ({
  id: 'j1',
  kind: 'items',
  fileName: 'spring.csv',
  status: 'running',
  totalRows: 3,
  rowsDone: 0,
  percent: 0,
  message: null,
  errors: [],
  createdAt: '2026-11-23T10:00:00Z',
  finishedAt: null,
  ...over,
});

/** Add Item's catalogue, plus the import routes as `imports` answers them. */
function api(imports: (config: Parameters<Route>[0]) => { status: number; data: unknown }) {
  return mockApi(
    (config) =>
      receptionCatalogue(config.url) ??
      (config.url?.startsWith('/api/imports') ? imports(config) : { status: 404, data: { message: 'unexpected' } }),
  );
}

const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"][accept*="csv"]')!;
/** What the browser does once a file is picked in its dialog (the input itself is hidden). */
const upload = async (file: File) => {
  await act(async () => {
    fireEvent.change(fileInput(), { target: { files: [file] } });
  });
};
const csv = (text: string) => new File([text], 'spring.csv', { type: 'application/vnd.ms-excel' });

jest.setTimeout(30_000);

beforeEach(async () => {
  signInAs(ROLES.newItemOperator);
  await act(() => i18n.changeLanguage('en'));
});

describe('/actions/inventory-reception: receive from a CSV file', () => {
  it('lists every bad row of a refused file by line and column, and follows no job', async () => {
    const calls = api((config) =>
      config.method === 'post'
        ? {
            status: 400,
            data: {
              statusCode: 400,
              error: 'Bad Request',
              message: 'Nothing was imported: 2 rows have problems.',
              rowErrors: [
                { line: 3, column: 'itemType', reason: 'no item type is named "Phnoe"' },
                { line: 5, column: 'serial', reason: 'SN-1 is already in use' },
              ],
              rowErrorCount: 2,
            },
          }
        : { status: 200, data: { items: [], total: 0 } },
    );
    renderAt('/actions/inventory-reception');
    await screen.findByRole('heading', { name: 'Receive from a CSV file' });
    await upload(csv('serial,itemType,location\n'));
    expect(await screen.findByText('Nothing was imported: 2 rows have problems.')).toBeInTheDocument();
    const rows = within(screen.getByRole('table', { name: 'Rows to fix' })).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('3itemTypeno item type is named "Phnoe"');
    expect(rows[2]).toHaveTextContent('5serialSN-1 is already in use');
    expect(currentLocation()).not.toContain('import=');
    expect(calls.filter((call) => call.url === '/api/imports/items')).toHaveLength(1);
  });

  it('sends the file as text/csv, follows the job in the URL until every row is written', async () => {
    let polls = 0;
    let sentType: unknown;
    api((config) => {
      if (config.method === 'post') {
        sentType = config.headers['Content-Type'];
        return { status: 202, data: job({ status: 'queued' }) };
      }
      if (config.url === '/api/imports/j1') {
        polls += 1;
        return {
          status: 200,
          data:
            polls < 2
              ? job({ rowsDone: 2, percent: 66 })
              : job({ status: 'succeeded', rowsDone: 3, percent: 100, finishedAt: '2026-11-23T10:00:05Z' }),
        };
      }
      return { status: 200, data: { items: [], total: 0 } };
    });
    renderAt('/actions/inventory-reception');
    await screen.findByRole('heading', { name: 'Receive from a CSV file' });
    await upload(csv('serial,itemType,location\nA,Phone,Main\nB,Phone,Main\nC,Phone,Main\n'));
    expect(await screen.findByText('spring.csv: 3 rows')).toBeInTheDocument();
    expect(sentType).toBe('text/csv');
    expect(currentLocation()).toContain('import=j1');
    expect(await screen.findByText(/^2 of 3 rows written \(66 %\)/)).toBeInTheDocument();
    expect(await screen.findByText('3 items have been received.', {}, { timeout: 5_000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the item manager' })).toHaveAttribute(
      'href',
      '/item-status/item-manager',
    );
  });

  it('finds the company’s running import after a reload, and says why a failed one wrote nothing', async () => {
    let polls = 0;
    api((config) => {
      if (config.url === '/api/imports')
        return { status: 200, data: { items: [job({ rowsDone: 1, percent: 33 })], total: 1 } };
      polls += 1;
      return {
        status: 200,
        data:
          polls < 2
            ? job({ rowsDone: 1, percent: 33 })
            : job({
                status: 'failed',
                message: 'Nothing was imported: SN-9: an item with this serial exists.',
                errors: [{ line: 4, column: 'serial', reason: 'an item with this serial exists' }],
              }),
      };
    });
    renderAt('/actions/inventory-reception');
    expect(await screen.findByText(/^1 of 3 rows written \(33 %\)/)).toBeInTheDocument();
    expect(
      await screen.findByText('Nothing was imported: SN-9: an item with this serial exists.', {}, { timeout: 5_000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('Line 4: an item with this serial exists')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText(/Nothing was imported/)).not.toBeInTheDocument();
  });
});
