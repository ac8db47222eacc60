import { Grid, type TextFieldProps } from '@mui/material';
import { useT } from '../i18n';
import { PasswordField } from './PasswordField';

type Bound = Pick<TextFieldProps, 'error' | 'helperText'> & Record<string, unknown>;

/** The new password and its confirmation, side by side on wide screens (registration forms). */
export function NewPasswordFields({ password, confirmPassword }: { password: Bound; confirmPassword: Bound }) {
  const { t } = useT();
  return (
    <>
      <Grid size={{ xs: 12, sm: 6 }}>
        <PasswordField label={t('auth.register.password')} autoComplete="new-password" fullWidth {...password} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <PasswordField
          label={t('auth.register.confirmPassword')}
          autoComplete="new-password"
          fullWidth
          {...confirmPassword}
        />
      </Grid>
    </>
  );
}
