import { zodResolver } from '@hookform/resolvers/zod';
import PhotoCameraOutlined from '@mui/icons-material/PhotoCameraOutlined';
import {
  Alert,
  Avatar,
  Box,
  Button,
  Chip,
  CircularProgress,
  Container,
  Grid,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import {
  AppError,
  auth,
  AUTH_MESSAGES,
  errorMessage,
  fieldBinder,
  notify,
  readClaims,
  resourceKey,
  session,
  uploadProfilePicture,
  USER_NAME_PATTERN,
  EMAIL_PATTERN,
  type UserInfo,
} from '@stockwise/shared';
import { useT } from '@/i18n';
import { PICTURE_ACCEPT, pictureFileProblem, pictureUploadMessage } from '@stockwise/kit';
import { PROFILE_KEY } from '@/lib/profile-key';
import { ProfileTabs } from '@/components/ProfileTabs';
import { GoogleConnection } from '../components/GoogleConnection';

/**
 * /profile: view and edit the signed-in user's names, email and picture. Saving refreshes the
 * cached user and emits profile-updated (shared's updateUser), so the top bar follows at once.
 */
export function ProfilePage() {
  const { t } = useT();
  const queryClient = useQueryClient();
  const fileInput = useRef<HTMLInputElement>(null);
  const [pictureError, setPictureError] = useState<string | null>(null);
  // Spec §8: a failed profile fetch falls back to the cached user.
  // Fresh on every visit: an email verified or Google connected elsewhere shows at once.
  const profile = useQuery({ queryKey: PROFILE_KEY, queryFn: auth.getUser, retry: false, refetchOnMount: 'always' });
  const user: UserInfo | null = profile.data ?? session.get().user;

  const schema = z.object({
    firstName: z.string().trim().min(1, t('profile.required')).max(100),
    lastName: z.string().trim().min(1, t('profile.required')).max(100),
    userName: z.string().trim().regex(USER_NAME_PATTERN, t('profile.invalidUserName')),
    email: z.string().trim().regex(EMAIL_PATTERN, t('profile.invalidEmail')),
    profilePictureUrl: z.string().nullable(),
  });
  type Values = z.infer<typeof schema>;
  const {
    register,
    handleSubmit,
    reset,
    setValue,
    control,
    formState: { errors, isDirty },
  } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { firstName: '', lastName: '', userName: '', email: '', profilePictureUrl: null },
  });
  const field = fieldBinder(register, errors);
  const valuesOf = (one: UserInfo): Values => ({
    firstName: one.firstName ?? '',
    lastName: one.lastName ?? '',
    userName: one.userName ?? '',
    email: one.email ?? '',
    profilePictureUrl: one.profilePictureUrl ?? null,
  });
  useEffect(() => {
    if (!user) return;
    // A fresh profile (a refetch, a live update) fills what the user has not touched; what they
    // are typing stays theirs.
    reset(valuesOf(user), { keepDirtyValues: true });
    // Only when a fresh profile arrives; not on every render of the cached one.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [profile.data, reset]);

  const save = useMutation({
    mutationFn: (values: Values) => auth.updateUser(values),
    onSuccess: (data) => {
      // Saved: the form shows what the server now holds (a changed email waits for its link).
      reset(valuesOf(data));
      queryClient.setQueryData(PROFILE_KEY, data);
      // The settings remote's users list shows names and emails.
      void queryClient.invalidateQueries({ queryKey: resourceKey('users'), predicate: (q) => q.queryKey[1] !== 'me' });
      notify(t('profile.saved'), 'success');
    },
  });
  const upload = useMutation({
    mutationFn: (file: File) => {
      // The storage folder must start with the caller's company id. The cached user after a
      // third-party sign-in holds only userName, so the token's claims are the fallback.
      const fresh = (profile.data ?? session.get().user) as { companyId?: string; id?: string } | null;
      const claims = readClaims(session.get().token);
      const claim = (name: string) => (typeof claims?.[name] === 'string' ? (claims[name] as string) : undefined);
      const companyId = fresh?.companyId ?? claim('company_id');
      const userId = fresh?.id ?? claim('sub');
      if (!companyId || !userId) throw new AppError(AUTH_MESSAGES.profileFetchFailed);
      return uploadProfilePicture(file, companyId, userId);
    },
    onSuccess: ({ publicUrl }) => setValue('profilePictureUrl', publicUrl, { shouldDirty: true }),
  });

  const pictureTexts = {
    tooLarge: t('profile.pictureUploadTooLarge'),
    tooLargeWithLimit: (limit: string) => t('profile.pictureUploadTooLargeLimit', { limit }),
    forbidden: t('profile.pictureUploadForbidden'),
    typeRefused: t('profile.pictureUploadType'),
    failed: t('profile.pictureUploadFailed'),
  };
  const picture = useWatch({ control, name: 'profilePictureUrl' });
  const firstName = useWatch({ control, name: 'firstName' });

  if (profile.isPending && !user) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', minHeight: 240 }}>
        <CircularProgress aria-label={t('profile.loading')} />
      </Box>
    );
  }

  return (
    <Container maxWidth="md" disableGutters>
      <Typography component="h1" variant="h4" sx={{ fontWeight: 700 }}>
        {t('profile.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 0.5, mb: 3 }}>
        {t('profile.subtitle')}
      </Typography>
      <ProfileTabs />
      {profile.isError ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('profile.cachedNotice')} ({errorMessage(profile.error, AUTH_MESSAGES.profileFetchFailed)})
        </Alert>
      ) : null}
      <Paper variant="outlined" sx={{ p: { xs: 2.5, md: 4 }, borderRadius: 2 }}>
        <Box component="form" noValidate onSubmit={handleSubmit((values) => save.mutate(values))}>
          <Stack spacing={3}>
            {save.isError ? (
              <Alert severity="error" role="alert">
                {errorMessage(save.error, AUTH_MESSAGES.profileUpdateFailed)}
              </Alert>
            ) : null}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2.5} sx={{ alignItems: { sm: 'center' } }}>
              <Avatar
                src={picture ?? undefined}
                alt={t('profile.picture')}
                sx={{ width: 88, height: 88, fontSize: 36 }}
              >
                {(firstName || user?.userName || '?').charAt(0).toUpperCase()}
              </Avatar>
              <Box>
                <Typography sx={{ fontWeight: 600 }}>{t('profile.picture')}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {t('profile.pictureHint')}
                </Typography>
                <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
                  <Button
                    variant="outlined"
                    size="small"
                    startIcon={upload.isPending ? <CircularProgress size={16} /> : <PhotoCameraOutlined />}
                    disabled={upload.isPending}
                    onClick={() => fileInput.current?.click()}
                  >
                    {upload.isPending ? t('profile.uploading') : t('profile.upload')}
                  </Button>
                  {picture ? (
                    <Button
                      size="small"
                      color="inherit"
                      onClick={() => setValue('profilePictureUrl', null, { shouldDirty: true })}
                    >
                      {t('profile.remove')}
                    </Button>
                  ) : null}
                </Stack>
                <input
                  ref={fileInput}
                  type="file"
                  accept={PICTURE_ACCEPT}
                  hidden
                  aria-label={t('profile.upload')}
                  onChange={(event) => {
                    const file = event.target.files?.[0];
                    event.target.value = '';
                    setPictureError(null);
                    if (!file) return;
                    const wrong = pictureFileProblem(file);
                    if (wrong)
                      return setPictureError(t(wrong === 'type' ? 'profile.pictureType' : 'profile.pictureTooLarge'));
                    upload.mutate(file);
                  }}
                />
              </Box>
            </Stack>
            {pictureError || upload.isError ? (
              <Alert severity="error" role="alert">
                {pictureError ?? pictureUploadMessage(upload.error, pictureTexts)}
              </Alert>
            ) : null}
            {user?.pendingEmail ? (
              <Alert severity="info" role="status">
                {t('profile.pendingEmail', { email: user.pendingEmail })}
              </Alert>
            ) : null}
            <Grid container spacing={2}>
              <Grid size={{ xs: 12, sm: 6 }}>
                <TextField label={t('profile.firstName')} autoComplete="given-name" fullWidth {...field('firstName')} />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <TextField label={t('profile.lastName')} autoComplete="family-name" fullWidth {...field('lastName')} />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <TextField label={t('profile.userName')} autoComplete="username" fullWidth {...field('userName')} />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <TextField label={t('profile.email')} type="email" autoComplete="email" fullWidth {...field('email')} />
              </Grid>
            </Grid>
            {user?.roles?.length ? (
              <Box>
                <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                  {t('profile.roles')}
                </Typography>
                <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
                  {user.roles.map((role) => (
                    <Chip key={role} label={role} size="small" />
                  ))}
                </Stack>
              </Box>
            ) : null}
            <Box>
              <Button
                type="submit"
                variant="contained"
                size="large"
                disabled={save.isPending || upload.isPending || !isDirty}
              >
                {save.isPending ? t('profile.saving') : t('profile.save')}
              </Button>
            </Box>
          </Stack>
        </Box>
      </Paper>
      <GoogleConnection connected={Boolean(user?.googleConnected)} />
    </Container>
  );
}
