import type { FieldError, FieldErrors, FieldValues, Path, UseFormRegister } from 'react-hook-form';

/**
 * The entry of `tree` at a field's name ('fields.0.label', or 'fields[0].label'), as react-hook-form
 * names nested fields. Not react-hook-form's own `get`: importing a value from it puts the whole
 * library into this package, which the shell provides to every page — the sign-in page included,
 * before any form exists (types only, here).
 */
function entryAt(tree: unknown, name: string): unknown {
  return name
    .split(/[.[\]]+/)
    .filter(Boolean)
    .reduce<unknown>((node, key) => (node == null ? undefined : (node as Record<string, unknown>)[key]), tree);
}

/**
 * Binds a react-hook-form field to an MUI text field: its registration, whether it is in error,
 * and the error's message as helper text. Every form in every remote shows errors this one way.
 *   const field = fieldBinder(register, errors);
 *   <TextField label="Email" {...field('email')} />
 */
export function fieldBinder<T extends FieldValues>(register: UseFormRegister<T>, errors: FieldErrors<T>) {
  return (name: Path<T>) => {
    // A nested name ('fields.0.label': a field of a list) finds its error down the tree.
    const error = entryAt(errors, name) as FieldError | undefined;
    return { ...register(name), error: Boolean(error), helperText: error?.message };
  };
}
