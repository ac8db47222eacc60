import { TextField } from '@mui/material';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { fieldBinder } from '../src/ui/form-field';

let setFieldError: (message: string) => void = () => undefined;

function Form() {
  const {
    register,
    setError,
    formState: { errors },
  } = useForm<{ email: string }>({ defaultValues: { email: '' } });
  const field = fieldBinder(register, errors);
  setFieldError = (message) => setError('email', { message });
  return <TextField label="Email" {...field('email')} />;
}

describe('fieldBinder', () => {
  it('registers the field and shows its error as helper text, marked invalid', async () => {
    render(<Form />);
    const input = screen.getByLabelText('Email');
    await userEvent.type(input, 'ada@example.com');
    expect(input).toHaveValue('ada@example.com');
    expect(input).not.toHaveAttribute('aria-invalid', 'true');

    act(() => setFieldError('Enter a valid email address.'));
    expect(await screen.findByText('Enter a valid email address.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
  });
});
