import { Button, TextField } from '@mui/material';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm, type Resolver } from 'react-hook-form';
import { fieldBinder } from '../src/ui/form-field';

type Values = { email: string };
const resolver: Resolver<Values> = async (values) =>
  values.email.includes('@')
    ? { values, errors: {} as Record<string, never> }
    : {
        values: {} as Record<string, never>,
        errors: { email: { type: 'format', message: 'Enter a valid email address.' } },
      };

function Form({ onSubmit }: { onSubmit: (values: Values) => void }) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<Values>({ defaultValues: { email: '' }, resolver });
  const field = fieldBinder(register, errors);
  return (
    <form onSubmit={handleSubmit(onSubmit)}>
      <TextField label="Email" {...field('email')} />
      <Button type="submit">Send</Button>
    </form>
  );
}

describe('fieldBinder', () => {
  it('shows the field’s error as helper text and marks it invalid; a valid value is submitted', async () => {
    const onSubmit = jest.fn();
    render(<Form onSubmit={onSubmit} />);
    await userEvent.type(screen.getByLabelText('Email'), 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Enter a valid email address.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(onSubmit).not.toHaveBeenCalled();

    await userEvent.clear(screen.getByLabelText('Email'));
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSubmit).toHaveBeenCalledWith({ email: 'ada@example.com' }, expect.anything());
    expect(screen.queryByText('Enter a valid email address.')).not.toBeInTheDocument();
  });
});

type ListValues = { fields: Array<{ label: string }> };
const listResolver: Resolver<ListValues> = async (values) =>
  values.fields.every((f) => f.label)
    ? { values, errors: {} as Record<string, never> }
    : {
        values: {} as Record<string, never>,
        errors: { fields: [undefined, { label: { type: 'required', message: 'Name the second field.' } }] },
      };

function ListForm() {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ListValues>({ defaultValues: { fields: [{ label: 'Size' }, { label: '' }] }, resolver: listResolver });
  const field = fieldBinder(register, errors);
  return (
    <form onSubmit={handleSubmit(() => {})}>
      <TextField label="First" {...field('fields.0.label')} />
      <TextField label="Second" {...field('fields.1.label')} />
      <Button type="submit">Save</Button>
    </form>
  );
}

describe('fieldBinder, nested names', () => {
  it('shows a list field’s error under that field only', async () => {
    render(<ListForm />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name the second field.')).toBeInTheDocument();
    expect(screen.getByLabelText('Second')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('First')).toHaveAttribute('aria-invalid', 'false');
  });
});

describe('the shared package', () => {
  it('does not run react-hook-form until a form does (the shell provides it to the sign-in page before any form)', async () => {
    let evaluated = false;
    await jest.isolateModulesAsync(async () => {
      jest.doMock('react-hook-form', () => {
        evaluated = true;
        return {};
      });
      await import('../src');
    });
    expect(evaluated).toBe(false);
  });
});
