import ScienceOutlined from '@mui/icons-material/ScienceOutlined';
import { Box, Link, Typography } from '@mui/material';
import { useLayoutEffect, useRef } from 'react';
import { PINNED_BANNER_HEIGHT_VAR, standInsInUse, useEnvironment } from '@stockwise/shared';
import { useT } from '@/i18n';

// Fixed colours, the same in light and dark mode: near-black on amber (contrast above 10:1).
const BANNER_BACKGROUND = '#FCD34D';
const BANNER_TEXT = '#1F1300';
/** Where the mail stand-in's messages can be read (the verification link of a new account). */
const OUTBOX_PAGE = '/api/dev/outbox';
/**
 * The banner the gateway puts in a page shown before the app boots (scripts/lib/dev-banner.mjs):
 * this one replaces it, in the same paint.
 */
const STATIC_BANNER_ID = 'stockwise-static-development-banner';

/**
 * Issue 8: when the API runs in development, every page says so plainly, with the stand-ins in
 * use (GET /api/environment). The banner is pinned above the page; its height is published as
 * a CSS variable (@stockwise/shared's BELOW_PINNED_BANNER) so that whatever a page pins to the
 * top (the workspace's top bar and drawer, the public top bar) starts below it.
 */
export function DevelopmentBanner() {
  const { t, i18n } = useT();
  const environment = useEnvironment().data;
  const ref = useRef<HTMLElement>(null);
  const shown = environment?.mode === 'development';

  useLayoutEffect(() => {
    const banner = ref.current;
    if (!shown || !banner) return;
    document.getElementById(STATIC_BANNER_ID)?.remove();
    const root = document.documentElement;
    const publish = () => root.style.setProperty(PINNED_BANNER_HEIGHT_VAR, `${banner.offsetHeight}px`);
    publish();
    const previousPadding = document.body.style.paddingTop;
    document.body.style.paddingTop = `var(${PINNED_BANNER_HEIGHT_VAR}, 0px)`;
    // The text wraps on a narrow screen: follow the banner's real height.
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(publish);
    observer?.observe(banner);
    return () => {
      observer?.disconnect();
      root.style.removeProperty(PINNED_BANNER_HEIGHT_VAR);
      document.body.style.paddingTop = previousPadding;
    };
  }, [shown]);

  if (!shown) return null;
  const standIns = standInsInUse(environment);
  const list = new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(
    standIns.map((name) => t(`devBanner.standIn.${name}`)),
  );
  const text = standIns.length
    ? t('devBanner.withStandIns', { list, count: standIns.length })
    : t('devBanner.withoutStandIns');

  return (
    <Box
      ref={ref}
      component="section"
      aria-label={t('devBanner.label')}
      data-testid="development-banner"
      sx={{
        position: 'fixed',
        top: 0,
        left: 0,
        right: 0,
        // Above the top bar (drawer + 1) and the drawer, below dialogs and notifications.
        zIndex: (theme) => theme.zIndex.drawer + 2,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 1,
        px: 2,
        py: 0.5,
        minHeight: 28,
        bgcolor: BANNER_BACKGROUND,
        color: BANNER_TEXT,
        borderBottom: `1px solid ${BANNER_TEXT}33`,
      }}
    >
      <ScienceOutlined fontSize="small" aria-hidden />
      <Typography variant="body2" component="p" sx={{ fontWeight: 600, lineHeight: 1.35, textAlign: 'center' }}>
        {text}
        {standIns.includes('mail') ? (
          <>
            {' '}
            {/* A plain link: the outbox is the API's own page, outside the app's routes. */}
            <Link href={OUTBOX_PAGE} target="_blank" rel="noopener" sx={{ color: 'inherit', fontWeight: 700 }}>
              {t('devBanner.outbox')}
            </Link>
          </>
        ) : null}
      </Typography>
    </Box>
  );
}
