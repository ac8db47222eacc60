import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { EMAIL_PATTERN, fieldBinder } from '@stockwise/shared';
import { useT } from '../i18n';

/** A form that asks for one email address (a reset link, a sign-in code): its field binder and submit. */
export function useEmailForm() {
  const { t } = useT();
  const schema = z.object({ email: z.string().trim().regex(EMAIL_PATTERN, t('auth.validation.email')) });
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<z.infer<typeof schema>>({ resolver: zodResolver(schema), defaultValues: { email: '' } });
  return { field: fieldBinder(register, errors), handleSubmit, isSubmitting };
}
