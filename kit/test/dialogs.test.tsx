import { TextField } from '@mui/material';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { z } from 'zod';
import { AppError } from '@stockwise/shared';
import { ConfirmDialog, FormDialog, type FormDialogProps } from '../src';

/** A promise the test settles when it wants: to look at the pending state in between. */
function deferred() {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const schema = z.object({
  name: z.string().trim().min(1, 'Name is required.'),
  code: z.string().trim().max(5, 'At most 5 characters.'),
});
type Brand = z.infer<typeof schema>;

function renderForm(
  onSubmit: (values: Brand) => Promise<unknown>,
  onClose = jest.fn(),
  errorAction?: FormDialogProps<Brand>['errorAction'],
) {
  render(
    <FormDialog
      open
      title="Add brand"
      schema={schema}
      defaultValues={{ name: '', code: '' }}
      onSubmit={onSubmit}
      onClose={onClose}
      errorAction={errorAction}
    >
      {(field) => (
        <>
          <TextField label="Name" {...field('name')} />
          <TextField label="Code" {...field('code')} />
        </>
      )}
    </FormDialog>,
  );
  return onClose;
}

describe('FormDialog', () => {
  it("shows the schema's messages on the fields and does not save", async () => {
    const onSubmit = jest.fn();
    renderForm(onSubmit);
    await userEvent.type(screen.getByLabelText('Code'), 'TOOLONG');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name is required.')).toBeInTheDocument();
    expect(screen.getByText('At most 5 characters.')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('saves the parsed values, waits while saving, then closes', async () => {
    const saving = deferred();
    const onSubmit = jest.fn(() => saving.promise);
    const onClose = renderForm(onSubmit);
    await userEvent.type(screen.getByLabelText('Name'), '  Acme ');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ name: 'Acme', code: '' }));
    expect(screen.getByRole('button', { name: /Save/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    saving.resolve();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it("shows the server's error on the field it names, and stays open", async () => {
    const onClose = renderForm(() =>
      Promise.reject(new AppError('A brand with this name already exists.', { status: 409, field: 'name' })),
    );
    await userEvent.type(screen.getByLabelText('Name'), 'Acme');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('A brand with this name already exists.')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('shows an error that names no field above the form', async () => {
    renderForm(() => Promise.reject(new AppError('The plan allows 20 brands.', { status: 403 })));
    await userEvent.type(screen.getByLabelText('Name'), 'Acme');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The plan allows 20 brands.');
  });

  it('puts a nested field the API names (an item of a list) on the form field that holds it', async () => {
    const nested = z.object({ name: z.string(), fields: z.array(z.object({ options: z.string() })) });
    render(
      <FormDialog
        open
        title="Add item type"
        schema={nested}
        defaultValues={{ name: 'Laptop', fields: [{ options: 'Black' }] }}
        onSubmit={() =>
          Promise.reject(
            new AppError('fields.0.options.0: must NOT have more than 80 characters', {
              status: 400,
              field: 'fields.0.options.0',
            }),
          )
        }
        onClose={jest.fn()}
      >
        {(field) => <TextField label="Options" {...field('fields.0.options')} />}
      </FormDialog>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    // On the Options field, without the API's path in front; nothing above the form.
    expect(await screen.findByText('Must NOT have more than 80 characters')).toBeInTheDocument();
    expect(screen.getByLabelText('Options')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("offers the screen's way out under a refusal it knows by code", async () => {
    renderForm(
      () => Promise.reject(new AppError('Plan limit reached.', { status: 403, code: 'PLAN_LIMIT_LOCATIONS' })),
      jest.fn(),
      (code) => (code === 'PLAN_LIMIT_LOCATIONS' ? <a href="/premium">Go Premium</a> : null),
    );
    await userEvent.type(screen.getByLabelText('Name'), 'Acme');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Plan limit reached.');
    expect(within(alert).getByRole('link', { name: 'Go Premium' })).toHaveAttribute('href', '/premium');
  });
});

describe('ConfirmDialog', () => {
  it('runs the action, waits while it runs, then closes', async () => {
    const deleting = deferred();
    const onConfirm = jest.fn(() => deleting.promise);
    const onClose = jest.fn();
    render(
      <ConfirmDialog
        open
        destructive
        title="Delete Acme?"
        body="Its items keep their history."
        onConfirm={onConfirm}
        onClose={onClose}
      />,
    );
    expect(screen.getByRole('dialog', { name: 'Delete Acme?' })).toHaveTextContent('Its items keep their history.');
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    deleting.resolve();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('stays open and says why when the action fails', async () => {
    const onClose = jest.fn();
    render(
      <ConfirmDialog
        open
        title="Delete Acme?"
        body="Its items keep their history."
        onConfirm={() => Promise.reject(new AppError('Acme is still used by 3 items.', { status: 409 }))}
        onClose={onClose}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Acme is still used by 3 items.');
    expect(onClose).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
  });
});

describe('FormDialog, opened again', () => {
  it('starts from the default values, with no error left from last time', async () => {
    const schema = z.object({ name: z.string().trim().min(1, 'Name is required.') });
    function Harness({ open }: { open: boolean }) {
      return (
        <FormDialog
          open={open}
          title="Edit brand"
          schema={schema}
          defaultValues={{ name: 'Acme' }}
          onSubmit={async () => {}}
          onClose={() => {}}
        >
          {(field) => <TextField label="Name" {...field('name')} />}
        </FormDialog>
      );
    }
    const { rerender } = render(<Harness open />);
    await userEvent.clear(screen.getByLabelText('Name'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name is required.')).toBeInTheDocument();
    rerender(<Harness open={false} />);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    rerender(<Harness open />);
    expect(await screen.findByLabelText('Name')).toHaveValue('Acme');
    expect(screen.queryByText('Name is required.')).toBeNull();
  });
});
