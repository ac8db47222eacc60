import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, Grid, Stack, TextField } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { call, EMAIL_PATTERN, errorMessage, fieldBinder, notify, useSession } from '@stockwise/shared';
import { useHydrated } from '@/hooks/useHydrated';
import { useT } from '../i18n';

export interface ContactMessage {
  name: string;
  email: string;
  subject?: string;
  message: string;
}

/** POST /api/contact: the API stores the message; success and failure are both said plainly. */
export function ContactForm() {
  const { t } = useT();
  const user = useSession((s) => s.user);
  const schema = z.object({
    name: z.string().trim().min(1, t('common:validation.required')).max(200),
    email: z.string().trim().regex(EMAIL_PATTERN, t('common:validation.email')),
    subject: z.string().trim().max(200),
    message: z.string().trim().min(1, t('common:validation.required')).max(5000),
  });
  type Values = z.infer<typeof schema>;
  const defaults: Values = {
    name: [user?.firstName, user?.lastName].filter(Boolean).join(' '),
    email: user?.email ?? '',
    subject: '',
    message: '',
  };
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<Values>({
    resolver: zodResolver(schema),
    // Only the defaults there are: a field without one is read from the page when it registers,
    // so what a visitor typed into the prerendered form before the app booted is kept (with ''
    // as its default, react-hook-form would write the empty default over it).
    defaultValues: Object.fromEntries(Object.entries(defaults).filter(([, value]) => value !== '')),
  });
  const hydrated = useHydrated();
  const field = fieldBinder(register, errors);
  const send = useMutation({
    mutationFn: async (values: Values) => {
      const body: ContactMessage = { name: values.name, email: values.email, message: values.message };
      if (values.subject) body.subject = values.subject;
      return call('POST', '/api/contact', { body });
    },
    onSuccess: (data) => notify(data.message, 'success'),
  });

  if (send.isSuccess) {
    return (
      <Stack spacing={2}>
        <Alert severity="success" role="status">
          <strong>{t('contact.sentTitle')}</strong>
          <br />
          {send.data.message}
        </Alert>
        <Button
          variant="outlined"
          onClick={() => {
            reset(defaults);
            send.reset();
          }}
        >
          {t('contact.another')}
        </Button>
      </Stack>
    );
  }

  return (
    <Box component="form" noValidate onSubmit={handleSubmit((values) => send.mutate(values))}>
      <Stack spacing={2}>
        {send.isError ? (
          <Alert severity="error" role="alert">
            {errorMessage(send.error, t('contact.failed'))}
          </Alert>
        ) : null}
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField label={t('contact.name')} autoComplete="name" fullWidth {...field('name')} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField label={t('contact.email')} type="email" autoComplete="email" fullWidth {...field('email')} />
          </Grid>
          <Grid size={12}>
            <TextField label={t('contact.subject')} fullWidth {...field('subject')} />
          </Grid>
          <Grid size={12}>
            <TextField label={t('contact.message')} fullWidth multiline minRows={5} {...field('message')} />
          </Grid>
        </Grid>
        <Box>
          <Button type="submit" variant="contained" size="large" disabled={send.isPending || !hydrated}>
            {send.isPending ? t('contact.sending') : t('contact.submit')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
