import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { AppError } from '@stockwise/shared';
import { useT } from '../src/i18n';
import { DeleteDialog, nameSchema } from '../src/components/list-parts';
import { signIn } from './support/harness';

function Names({ value }: { value: string }) {
  const { t } = useT();
  const result = nameSchema(t, 5).safeParse(value);
  return <output>{result.success ? `ok:${result.data}` : result.error.issues[0]?.message}</output>;
}

function Deleting({ remove }: { remove: (id: string) => Promise<unknown> }) {
  const [row, setRow] = useState<{ id: string; name: string } | null>({ id: 'b1', name: 'Apple' });
  return (
    <DeleteDialog
      row={row}
      body="Only while unused."
      done="Brand deleted."
      remove={remove}
      onClose={() => setRow(null)}
    />
  );
}

beforeEach(() => signIn(['Admin']));

describe('the settings lists’ shared parts', () => {
  test('a name is trimmed, required and capped, in the words of every list', () => {
    const { rerender } = render(<Names value="  Acme " />);
    expect(screen.getByRole('status')).toHaveTextContent('ok:Acme');
    rerender(<Names value="   " />);
    expect(screen.getByRole('status')).toHaveTextContent('Enter a name.');
    rerender(<Names value="Acme Phones" />);
    expect(screen.getByRole('status')).toHaveTextContent('Use at most 5 characters.');
  });

  test('a delete the API refuses keeps the dialog open with the API’s words; one it takes closes it', async () => {
    const remove = jest
      .fn()
      .mockRejectedValueOnce(new AppError('This brand is in use: 3 items.', { status: 409 }))
      .mockResolvedValueOnce(undefined);
    render(<Deleting remove={remove} />);
    const dialog = screen.getByRole('dialog', { name: 'Delete Apple?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This brand is in use: 3 items.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(remove).toHaveBeenCalledWith('b1');
  });
});
