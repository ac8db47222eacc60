import {
  get,
  type FieldError,
  type FieldErrors,
  type FieldValues,
  type Path,
  type UseFormRegister,
} from 'react-hook-form';

/**
 * Binds a react-hook-form field to an MUI text field: its registration, whether it is in error,
 * and the error's message as helper text. Every form in every remote shows errors this one way.
 *   const field = fieldBinder(register, errors);
 *   <TextField label="Email" {...field('email')} />
 */
export function fieldBinder<T extends FieldValues>(register: UseFormRegister<T>, errors: FieldErrors<T>) {
  return (name: Path<T>) => {
    // A nested name ('fields.0.label': a field of a list) finds its error down the tree.
    const error = get(errors, name) as FieldError | undefined;
    return { ...register(name), error: Boolean(error), helperText: error?.message };
  };
}
