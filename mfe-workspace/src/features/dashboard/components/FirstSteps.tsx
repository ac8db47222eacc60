import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import RadioButtonUncheckedOutlined from '@mui/icons-material/RadioButtonUncheckedOutlined';
import { Card, CardContent, Link, List, ListItem, ListItemIcon, ListItemText, Typography } from '@mui/material';
import { useAccess, type Permission } from '@stockwise/shared';
import { Link as RouterLink } from 'react-router-dom';
import type { Dashboard } from '@/api/reports';
import { useT } from '../i18n';

type Step = keyof Dashboard['firstSteps'];

// What a shop does on its first day, in the order it does it, each with the screen that does it
// and the claim that screen needs (a step the person may not do is not offered as a link).
const STEPS: { step: Step; to: string; claim: Permission }[] = [
  { step: 'received', to: '/actions/inventory-reception', claim: 'items.receive' },
  { step: 'invited', to: '/settings/invitations', claim: 'users.manage' },
  { step: 'labelsSet', to: '/settings/label-settings', claim: 'settings.manage' },
  { step: 'sold', to: '/actions/rapid-sell', claim: 'items.sell' },
];

/** A new company's first steps; it leaves the dashboard once every step is done. */
export function FirstSteps({ done }: { done: Dashboard['firstSteps'] }) {
  const { t } = useT();
  const { can } = useAccess();
  if (STEPS.every(({ step }) => done[step])) return null;
  const left = STEPS.filter(({ step }) => !done[step]).length;
  return (
    <Card variant="outlined" component="section" aria-label={t('dashboard.firstSteps.title')}>
      <CardContent>
        <Typography variant="h6" component="h2">
          {t('dashboard.firstSteps.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('dashboard.firstSteps.left', { count: left })}
        </Typography>
        <List dense>
          {STEPS.map(({ step, to, claim }) => {
            const label = t(`dashboard.firstSteps.${step}`);
            return (
              <ListItem key={step} disableGutters>
                <ListItemIcon sx={{ minWidth: 36 }}>
                  {done[step] ? (
                    <CheckCircleOutlined color="success" titleAccess={t('dashboard.firstSteps.done')} />
                  ) : (
                    <RadioButtonUncheckedOutlined color="disabled" titleAccess={t('dashboard.firstSteps.toDo')} />
                  )}
                </ListItemIcon>
                <ListItemText
                  primary={
                    done[step] || !can(claim) ? (
                      label
                    ) : (
                      <Link component={RouterLink} to={to}>
                        {label}
                      </Link>
                    )
                  }
                  slotProps={{ primary: { sx: done[step] ? { color: 'text.secondary' } : undefined } }}
                />
              </ListItem>
            );
          })}
        </List>
      </CardContent>
    </Card>
  );
}
