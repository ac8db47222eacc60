import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { fieldBinder, toAppError, useCommonT } from '@stockwise/shared';

export type FieldBinding<T extends FieldValues> = ReturnType<ReturnType<typeof fieldBinder<T>>>;

export interface FormDialogProps<T extends FieldValues> {
  open: boolean;
  title: string;
  /** Validates on submit; its messages are shown on the fields. */
  schema: z.ZodType<T, T>;
  defaultValues: DefaultValues<T>;
  /** Saves; a rejection naming a field (the API's `field`) is shown on that field, any other above the form. */
  onSubmit: (values: T) => Promise<unknown>;
  onClose: () => void;
  submitLabel?: string;
  /**
   * Shown under an error the server gave for no field, by its code — e.g. the way to Premium
   * under a plan limit's refusal.
   */
  errorAction?: (code: string | undefined) => ReactNode;
  /** The fields: `field('name')` binds one to an MUI TextField (fieldBinder). */
  children: (field: (name: Path<T>) => FieldBinding<T>, form: UseFormReturn<T>) => ReactNode;
}

/**
 * A create/edit dialog: zod schema + react-hook-form, fields bound with fieldBinder, the server's
 * error on the field it names, and a pending state (Save waits, nothing closes mid-save).
 */
export function FormDialog<T extends FieldValues>(props: FormDialogProps<T>) {
  const { open, title, onClose } = props;
  // Nothing closes the dialog (Escape, backdrop) while a save is under way.
  const [saving, setSaving] = useState(false);
  // The form lives in the dialog's content, which mounts on opening: every opening starts from
  // the current default values, with no error left from last time.
  return (
    <Dialog
      open={open}
      onClose={() => {
        if (!saving) onClose();
      }}
      aria-labelledby="form-dialog-title"
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id="form-dialog-title">{title}</DialogTitle>
      <FormDialogBody {...props} onSaving={setSaving} />
    </Dialog>
  );
}

function FormDialogBody<T extends FieldValues>({
  schema,
  defaultValues,
  onSubmit,
  onClose,
  submitLabel,
  errorAction,
  children,
  onSaving,
}: FormDialogProps<T> & { onSaving: (saving: boolean) => void }) {
  const { t } = useCommonT();
  const form = useForm<T>({ resolver: zodResolver(schema), defaultValues });
  const {
    register,
    handleSubmit,
    setError,
    getValues,
    formState: { errors, isSubmitting },
  } = form;
  // An error the server gave for no field of the form: react-hook-form's root error, cleared on submit.
  const formError = errors.root?.server;

  const submit = handleSubmit(async (values) => {
    onSaving(true);
    try {
      await onSubmit(values);
      onSaving(false);
      onClose();
    } catch (failure) {
      onSaving(false);
      const error = toAppError(failure, t('table.error'));
      const field = error.field ? formFieldOf(getValues(), error.field) : undefined;
      if (field) {
        // "fields.0.options.0: must…" on the Options field: the field says where, the text says what.
        const message = capitalise(error.message.replace(new RegExp(`^${escape(error.field!)}: `), ''));
        setError(field as Path<T>, { type: 'server', message }, { shouldFocus: true });
      } else {
        setError('root.server', { type: error.code ?? 'server', message: error.message });
      }
    }
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {formError ? (
            <Alert severity="error" role="alert">
              {formError.message}
              {errorAction?.(formError.type === 'server' ? undefined : String(formError.type))}
            </Alert>
          ) : null}
          {children(fieldBinder(register, errors), form)}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isSubmitting}>
          {t('actions.cancel')}
        </Button>
        <Button type="submit" variant="contained" loading={isSubmitting}>
          {submitLabel ?? t('actions.save')}
        </Button>
      </DialogActions>
    </form>
  );
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const capitalise = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1);

/**
 * Where the server's `field` ("fields.0.options.0") is shown in a form: the deepest part of the
 * path the form has ("fields.0.options"). Nothing when the form has no such field.
 */
export function formFieldOf(values: object, field: string): string | undefined {
  const parts = field.split('.');
  for (let n = parts.length; n > 0; n--) {
    let value: unknown = values;
    for (const part of parts.slice(0, n)) {
      value = value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[part] : undefined;
    }
    if (value === undefined) continue;
    return parts.slice(0, n).join('.');
  }
  return undefined;
}
