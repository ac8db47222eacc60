import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Card, CardContent, Grid, Stack, TextField, Typography } from '@mui/material';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { EMAIL_PATTERN, errorMessage, notify } from '@stockwise/shared';
import { useT } from '@/i18n';
import { useAddLocation, useInvite } from '../api/billing';

/** Add a user (invitation) or a location: the API holds the limits and its refusal says how to raise them. */
export function TryLimits() {
  const { t } = useT();
  const invite = useInvite();
  const addLocation = useAddLocation();
  const inviteForm = useForm<{ email: string }>({
    resolver: zodResolver(z.object({ email: z.string().trim().regex(EMAIL_PATTERN, t('limits.emailInvalid')) })),
    defaultValues: { email: '' },
  });
  const locationForm = useForm<{ name: string }>({
    resolver: zodResolver(z.object({ name: z.string().trim().min(1, t('limits.nameRequired')).max(120) })),
    defaultValues: { name: '' },
  });

  const onInvite = inviteForm.handleSubmit(({ email }) =>
    invite.mutate(email.trim(), {
      onSuccess: () => {
        notify(t('limits.invited', { email }), 'success');
        // The refreshed seat count shows before this runs: an address typed since then is the next one.
        if (inviteForm.getValues('email') === email) inviteForm.reset();
      },
    }),
  );
  const onLocation = locationForm.handleSubmit(({ name }) =>
    addLocation.mutate(name.trim(), {
      onSuccess: () => {
        notify(t('limits.locationAdded', { name }), 'success');
        if (locationForm.getValues('name') === name) locationForm.reset();
      },
    }),
  );

  return (
    <Card variant="outlined" component="section" aria-labelledby="try-title">
      <CardContent>
        <Typography id="try-title" variant="h6" component="h2">
          {t('limits.tryTitle')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('limits.tryBody')}
        </Typography>
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, md: 6 }}>
            <Stack component="form" noValidate onSubmit={onInvite} spacing={1.5}>
              <TextField
                label={t('limits.inviteEmail')}
                type="email"
                size="small"
                error={Boolean(inviteForm.formState.errors.email)}
                helperText={inviteForm.formState.errors.email?.message}
                {...inviteForm.register('email')}
              />
              <Button type="submit" variant="outlined" disabled={invite.isPending}>
                {t('limits.invite')}
              </Button>
              {invite.isError ? (
                <Alert severity="warning" role="alert">
                  {errorMessage(invite.error, t('purchase.failed'))}
                </Alert>
              ) : null}
            </Stack>
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <Stack component="form" noValidate onSubmit={onLocation} spacing={1.5}>
              <TextField
                label={t('limits.locationName')}
                size="small"
                error={Boolean(locationForm.formState.errors.name)}
                helperText={locationForm.formState.errors.name?.message}
                {...locationForm.register('name')}
              />
              <Button type="submit" variant="outlined" disabled={addLocation.isPending}>
                {t('limits.addLocation')}
              </Button>
              {addLocation.isError ? (
                <Alert severity="warning" role="alert">
                  {errorMessage(addLocation.error, t('purchase.failed'))}
                </Alert>
              ) : null}
            </Stack>
          </Grid>
        </Grid>
      </CardContent>
    </Card>
  );
}
