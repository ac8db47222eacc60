import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n, ROLES, session } from '@stockwise/shared';
import { mockApi } from '../../shared/test/mock-api';
import { accessAnswer, baseItem, makeToken, renderAt } from './helpers';

// The real supabase-js upload against the API's storage stand-in runs in e2e/tests/workspace-2.spec.ts.
const uploadItemImage = jest.fn();
const removeFiles = jest.fn();
jest.mock('@stockwise/shared', () => ({
  ...jest.requireActual('@stockwise/shared'),
  uploadItemImage: (...args: unknown[]) => uploadItemImage(...args),
  removeFiles: (...args: unknown[]) => removeFiles(...args),
}));

jest.setTimeout(30_000);

const png = (name = 'front.png', bytes = 10) => new File([new Uint8Array(bytes)], name, { type: 'image/png' });

function signIn(...roles: string[]) {
  localStorage.clear();
  session.reload();
  session.setToken(makeToken({ role: roles, company_id: 'c1' }));
}

function itemApi(
  item: Omit<typeof baseItem, 'images'> & { images: string[] },
  patch?: () => { status: number; data: unknown },
  editor = true,
) {
  let current = item;
  return mockApi((config) => {
    if (config.url === '/api/access') return accessAnswer(editor ? ['items.view', 'items.edit'] : ['items.view']);
    if (config.url === '/api/items/by-serial/SN-0001') return { status: 200, data: current };
    if (config.url === '/api/items/i1' && config.method === 'patch') {
      if (patch) return patch();
      const body = JSON.parse(config.data as string) as { images: string[]; version: number };
      current = { ...current, images: body.images, version: body.version + 1 };
      return { status: 200, data: current };
    }
    if (config.url === '/api/items/i1') return { status: 200, data: current };
    if (config.url === '/api/items/i1/history') return { status: 200, data: { events: [] } };
    return { status: 404, data: { message: 'unexpected' } };
  });
}

beforeEach(async () => {
  uploadItemImage.mockReset();
  removeFiles.mockReset().mockResolvedValue(undefined);
  await act(() => i18n.changeLanguage('en'));
});

describe('item photos on the item screens', () => {
  it('uploads a photo to the company’s folder, stores it on the item with the version read, and shows it', async () => {
    signIn(ROLES.storekeeper);
    uploadItemImage.mockResolvedValue({ publicUrl: 'http://localhost/x', path: 'c1/items/77.png' });
    const calls = itemApi({ ...baseItem, images: [] });
    renderAt('/item-status/item-search?q=SN-0001');
    // The first render loads the page's lazy chunk.
    expect(await screen.findByText('No photos yet.', {}, { timeout: 10_000 })).toBeInTheDocument();
    await userEvent.upload(await screen.findByLabelText(/Add photos/, { selector: 'input' }), png());
    expect(await screen.findByRole('img', { name: 'Photo 1 of SN-0001' })).toHaveAttribute(
      'src',
      expect.stringMatching(/\/storage\/v1\/object\/public\/ItemImages\/c1\/items\/77\.png$/),
    );
    expect(screen.getByText('1 photo added.')).toBeInTheDocument();
    expect(uploadItemImage).toHaveBeenCalledWith(expect.any(File), 'c1');
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ version: 1, images: ['c1/items/77.png'] });
  });

  it('removes a photo from the item first, then deletes its file', async () => {
    signIn(ROLES.storekeeper);
    const calls = itemApi({ ...baseItem, images: ['c1/items/1.png', 'c1/items/2.png'] });
    renderAt('/item-status/item-search?q=SN-0001');
    await userEvent.click(await screen.findByRole('button', { name: 'Remove photo 1' }));
    await screen.findByText('The photo was removed.');
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ version: 1, images: ['c1/items/2.png'] });
    expect(removeFiles).toHaveBeenCalledWith('ItemImages', ['c1/items/1.png']);
    expect(screen.getAllByRole('img', { name: /^Photo \d of SN-0001$/ })).toHaveLength(1);
  });

  it('refuses a file that is not an image or is over 5 MB before uploading anything', async () => {
    signIn(ROLES.storekeeper);
    itemApi({ ...baseItem, images: [] });
    renderAt('/item-status/item-search?q=SN-0001');
    const input = await screen.findByLabelText(/Add photos/, { selector: 'input' });
    await userEvent.upload(input, png('huge.png', 5 * 1024 * 1024 + 1));
    expect(await screen.findByRole('alert')).toHaveTextContent('huge.png is larger than 5 MB.');
    expect(uploadItemImage).not.toHaveBeenCalled();
  });

  it('says why the storage refused an upload (415), and a failed save deletes the uploaded file again', async () => {
    signIn(ROLES.storekeeper);
    uploadItemImage.mockRejectedValueOnce(
      Object.assign(new Error('invalid_mime_type'), { name: 'StorageApiError', status: 415, statusCode: '415' }),
    );
    itemApi({ ...baseItem, images: [] }, () => ({
      status: 409,
      data: { message: 'SN-0001 was changed by someone else since you read it.', code: 'STALE_VERSION' },
    }));
    renderAt('/item-status/item-search?q=SN-0001');
    const input = await screen.findByLabelText(/Add photos/, { selector: 'input' });
    await userEvent.upload(input, png());
    expect(await screen.findByRole('alert')).toHaveTextContent('This kind of file cannot be a photo.');

    uploadItemImage.mockResolvedValueOnce({ publicUrl: 'http://localhost/x', path: 'c1/items/9.png' });
    await userEvent.upload(input, png());
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('changed by someone else'));
    expect(removeFiles).toHaveBeenCalledWith('ItemImages', ['c1/items/9.png']);
  });

  it('shows photos without add and remove when GET /api/access does not grant items.edit', async () => {
    signIn(ROLES.storekeeper);
    const calls = itemApi({ ...baseItem, images: ['c1/items/1.png'] }, undefined, false);
    renderAt('/item-status/item-search?q=SN-0001');
    await screen.findByRole('img', { name: 'Photo 1 of SN-0001' });
    // The answer is in (an editor's controls would show by now).
    await waitFor(() => expect(calls.some((call) => call.url === '/api/access')).toBe(true));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole('button', { name: 'Remove photo 1' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/Add photos/, { selector: 'input' })).not.toBeInTheDocument();
  });
});
