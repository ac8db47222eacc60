import { Checkbox, FormControl, FormControlLabel, FormGroup, FormHelperText, FormLabel } from '@mui/material';
import { ROLES } from '@stockwise/shared';
import { useT } from '@/i18n';

/**
 * The roles to give, as checkboxes (the API takes role names). Company Owner is offered only to
 * a Company Owner (the API refuses anyone else with 403); the others see it disabled, with why.
 */
export function RolePicker({
  roles,
  value,
  onChange,
  onBlur,
  canGiveOwner,
  error,
}: {
  roles: readonly string[];
  value: readonly string[];
  onChange: (next: string[]) => void;
  onBlur?: () => void;
  canGiveOwner: boolean;
  error?: string;
}) {
  const { t } = useT();
  const toggle = (role: string, checked: boolean) =>
    onChange(checked ? [...value, role] : value.filter((r) => r !== role));
  const ownerLocked = !canGiveOwner && roles.includes(ROLES.companyOwner);
  return (
    <FormControl component="fieldset" error={Boolean(error)} variant="standard">
      <FormLabel component="legend">{t('roles.label')}</FormLabel>
      <FormGroup>
        {roles.map((role) => (
          <FormControlLabel
            key={role}
            label={role}
            control={
              <Checkbox
                checked={value.includes(role)}
                onChange={(event) => toggle(role, event.target.checked)}
                onBlur={onBlur}
                disabled={role === ROLES.companyOwner && !canGiveOwner}
              />
            }
          />
        ))}
      </FormGroup>
      {ownerLocked ? <FormHelperText error={false}>{t('roles.ownerOnly')}</FormHelperText> : null}
      {error ? <FormHelperText>{error}</FormHelperText> : null}
    </FormControl>
  );
}
