import { Box, Chip, type Theme } from '@mui/material';
import type { SystemStyleObject } from '@mui/system';
import type { Ref } from 'react';
import { readableText } from '@stockwise/shared';
import { useT } from '@/i18n';
import type { SelectedBilling } from '@/lib/plan-selection';
import { showDiscountBadge } from '@/lib/price-math';

const CHOICES: readonly SelectedBilling[] = ['monthly', 'yearly'];
/**
 * The radios' name and the stem of their ids: fixed, not useId, because the prerendered markup
 * and the hydrating client render them under different ancestors (a page has one price list).
 */
const RADIOS_ID = 'billing-period';

/**
 * The price list's monthly / yearly switch as two native radios, so that it works before the
 * application runs (the prerendered /pricing boots the app only on intent). The cards carry both
 * prices and `billingFollowsRadios` shows the checked one by CSS alone; the app reads the checked
 * radio when a plan is chosen. The radios must be siblings placed before the switch and the cards
 * (the CSS follows them with `~`).
 */
export function BillingRadios({
  defaultValue,
  onChange,
  yearlyRef,
}: {
  defaultValue: SelectedBilling;
  onChange: (value: SelectedBilling) => void;
  yearlyRef: Ref<HTMLInputElement>;
}) {
  return CHOICES.map((choice) => (
    <input
      key={choice}
      ref={choice === 'yearly' ? yearlyRef : undefined}
      type="radio"
      name={RADIOS_ID}
      id={`${RADIOS_ID}-${choice}`}
      value={choice}
      data-billing-choice={choice}
      defaultChecked={defaultValue === choice}
      onChange={() => onChange(choice)}
      style={VISUALLY_HIDDEN}
    />
  ));
}

/** Hidden from sight, not from the keyboard or a screen reader (the labels are what is seen). */
const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  margin: -1,
  padding: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  border: 0,
  opacity: 0,
} as const;

/** The switch's look (MUI's small primary toggle buttons): the labels of the radios. */
export function BillingLabels({ discountPercent }: { discountPercent: number }) {
  const { t } = useT();
  return (
    <Box data-billing-switch role="presentation" sx={{ display: 'inline-flex', borderRadius: 1 }}>
      {CHOICES.map((choice) => (
        <Box
          key={choice}
          component="label"
          htmlFor={`${RADIOS_ID}-${choice}`}
          data-billing-label={choice}
          sx={{
            display: 'inline-flex',
            alignItems: 'center',
            gap: 1,
            px: 2.5,
            py: '7px',
            cursor: 'pointer',
            fontSize: '0.8125rem',
            fontWeight: 600,
            lineHeight: 1.75,
            color: 'text.secondary',
            border: 1,
            borderColor: 'divider',
            '&:first-of-type': { borderTopLeftRadius: 'inherit', borderBottomLeftRadius: 'inherit' },
            '&:last-of-type': { borderTopRightRadius: 'inherit', borderBottomRightRadius: 'inherit', ml: '-1px' },
            '&:hover': { bgcolor: 'action.hover' },
          }}
        >
          <span>{t(`pricing.${choice}`)}</span>
          {choice === 'yearly' && showDiscountBadge(discountPercent) ? (
            <Chip
              size="small"
              color="success"
              label={t('pricing.save', { percent: discountPercent })}
              sx={{ height: 20 }}
            />
          ) : null}
        </Box>
      ))}
    </Box>
  );
}

/**
 * The CSS that makes the cards follow the radios, for the element holding the radios, the
 * switch and the cards: the unchecked billing's prices are hidden, the checked label looks
 * selected, and a radio focused by keyboard rings its label.
 */
export const billingFollowsRadios = (theme: Theme): SystemStyleObject<Theme> =>
  Object.fromEntries<SystemStyleObject<Theme>>(
    CHOICES.flatMap((choice) => {
      const other = choice === 'yearly' ? 'monthly' : 'yearly';
      const radio = `& > [data-billing-choice="${choice}"]`;
      return [
        [`${radio}:checked ~ * [data-billing="${other}"]`, { display: 'none' }],
        [
          `${radio}:checked ~ [data-billing-switch] [data-billing-label="${choice}"]`,
          {
            // The selected label sits on primary's tint, where primary's own shade is too faint.
            ...readableText(theme, 'primary'),
            backgroundColor: theme.vars
              ? `rgba(${theme.vars.palette.primary.mainChannel} / ${theme.vars.palette.action.selectedOpacity})`
              : theme.palette.action.selected,
          },
        ],
        [
          `${radio}:focus-visible ~ [data-billing-switch] [data-billing-label="${choice}"]`,
          { outline: `2px solid ${(theme.vars ?? theme).palette.primary.main}`, outlineOffset: 2 },
        ],
      ];
    }),
  );
