import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, refusal, renderAt, signIn, type Reply } from './support/harness';

type Field = { key: string; label: string; type: string; required: boolean; options?: string[] };
type ItemType = {
  id: string;
  name: string;
  serialRequired: boolean;
  warrantyMonths: number;
  fields: Field[];
  active: boolean;
  createdAt: string;
};
const at = '2025-03-01T10:00:00Z';
let types: ItemType[];

function typesApi(refuseDelete = false) {
  return mockApi((call) => {
    if (call.method === 'GET' && call.url === '/api/item-types')
      return { status: 200, data: { items: types, total: types.length } };
    if (call.method === 'POST' && call.url === '/api/item-types') {
      const row = { id: `t${types.length + 1}`, createdAt: at, ...(call.body as Omit<ItemType, 'id' | 'createdAt'>) };
      types = [...types, row];
      return { status: 201, data: row };
    }
    const one = /^\/api\/item-types\/(\w+)$/.exec(call.url);
    if (one && call.method === 'PUT') {
      types = types.map((t) => (t.id === one[1] ? { ...t, ...(call.body as object) } : t));
      return { status: 200, data: types.find((t) => t.id === one[1]) };
    }
    if (one && call.method === 'DELETE') {
      if (refuseDelete) return refusal(409, 'This item type is in use: 4 items. Deactivate it instead.');
      types = types.filter((t) => t.id !== one[1]);
      return { status: 204 };
    }
    return undefined;
  });
}

/** The list as it is; every save answered with `answer()`. */
function refusingSaves(answer: () => Reply) {
  return mockApi((call) => {
    if (call.method === 'GET' && call.url === '/api/item-types')
      return { status: 200, data: { items: types, total: types.length } };
    if (call.method === 'PUT') return answer();
    return undefined;
  });
}

beforeEach(() => {
  signIn(['Admin']);
  types = [
    {
      id: 't1',
      name: 'Phone',
      serialRequired: true,
      warrantyMonths: 24,
      fields: [{ key: 'color', label: 'Color', type: 'select', required: true, options: ['Black', 'White'] }],
      active: true,
      createdAt: at,
    },
  ];
});

describe('/settings/item-types', () => {
  test('lists the item types with their fields', async () => {
    typesApi();
    renderAt('/settings/item-types');
    expect(await screen.findByText('Phone')).toBeInTheDocument();
    expect(screen.getByText('Color')).toBeInTheDocument();
    expect(screen.getByText('24')).toBeInTheDocument();
  });

  test('creates a type with two custom fields, previews the reception form, and sends what the API expects', async () => {
    const user = userEvent.setup();
    const calls = typesApi();
    renderAt('/settings/item-types');
    await user.click(await screen.findByRole('button', { name: 'Add item type' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add item type' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Laptop');
    await user.clear(within(dialog).getByRole('textbox', { name: 'Warranty (months)' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Warranty (months)' }), '12');

    await user.click(within(dialog).getByRole('button', { name: 'Add field' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Label' }), 'Screen size');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Required' }));

    await user.click(within(dialog).getByRole('button', { name: 'Add field' }));
    const second = within(dialog).getByRole('group', { name: 'Field 2' });
    await user.type(within(second).getByRole('textbox', { name: 'Label' }), 'Keyboard');
    await user.click(within(second).getByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'Choice list' }));
    // a choice list needs its choices
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Enter at least one option.')).toBeInTheDocument();
    await user.type(within(second).getByRole('textbox', { name: 'Options' }), 'US, TR-Q');

    const preview = within(dialog).getByRole('region', { name: 'Reception form preview' });
    expect(within(preview).getByRole('textbox', { name: /Screen size/ })).toBeRequired();
    expect(within(preview).getByRole('combobox', { name: 'Keyboard' })).toBeInTheDocument();

    // reorder: Keyboard first
    await user.click(within(dialog).getByRole('button', { name: 'Move Keyboard up' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Laptop',
      serialRequired: true,
      warrantyMonths: 12,
      active: true,
      fields: [
        { key: 'keyboard', label: 'Keyboard', type: 'select', required: false, options: ['US', 'TR-Q'] },
        { key: 'screen_size', label: 'Screen size', type: 'text', required: true },
      ],
    });
    expect(await screen.findByText('Laptop')).toBeInTheDocument();
  });

  test('edits a type: an existing field keeps its key; the API’s error shows on the field it names', async () => {
    const user = userEvent.setup();
    refusingSaves(() => refusal(409, 'An item type with this name already exists.', { field: 'name' }));
    renderAt('/settings/item-types');
    await user.click(await screen.findByRole('button', { name: 'Edit Phone' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Phone' });
    expect(within(dialog).getByRole('textbox', { name: 'Key' })).toBeDisabled();
    expect(within(dialog).getByRole('textbox', { name: 'Options' })).toHaveValue('Black, White');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('An item type with this name already exists.')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveAttribute('aria-invalid', 'true');
  });

  test('the API’s refusals of the custom fields land in the builder: the list’s own above it, an option’s on Options', async () => {
    const user = userEvent.setup();
    let answer = refusal(400, 'fields: "color" is a select and needs options', { field: 'fields' });
    refusingSaves(() => answer);
    renderAt('/settings/item-types');
    await user.click(await screen.findByRole('button', { name: 'Edit Phone' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Phone' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('"color" is a select and needs options');

    answer = refusal(400, 'fields.0.options.1: must NOT have more than 80 characters', { field: 'fields.0.options.1' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Must NOT have more than 80 characters')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Options' })).toHaveAttribute('aria-invalid', 'true');
  });

  test('an option longer than the API takes is refused before saving', async () => {
    const user = userEvent.setup();
    const calls = typesApi();
    renderAt('/settings/item-types');
    await user.click(await screen.findByRole('button', { name: 'Edit Phone' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Phone' });
    const options = within(dialog).getByRole('textbox', { name: 'Options' });
    await user.clear(options);
    await user.click(options);
    await user.paste(`Black, ${'x'.repeat(81)}`);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Keep each option to at most 80 characters.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  test('a type in use is not deleted: the dialog says so', async () => {
    const user = userEvent.setup();
    typesApi(true);
    renderAt('/settings/item-types');
    await user.click(await screen.findByRole('button', { name: 'Delete Phone' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Phone?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(
      await within(dialog).findByText('This item type is in use: 4 items. Deactivate it instead.'),
    ).toBeInTheDocument();
  });

  test('empty and forbidden lists say so', async () => {
    types = [];
    typesApi();
    const first = renderAt('/settings/item-types');
    expect(await screen.findByText('No item types yet')).toBeInTheDocument();
    first.unmount();
    mockApi(() => refusal(403, 'This needs settings.manage.'));
    renderAt('/settings/item-types');
    expect(await screen.findByText('You do not have access to this screen')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add item type' })).not.toBeInTheDocument();
  });
});
