/**
 * The height of what the shell pins above every page (the development banner), as a CSS length:
 * 0px when nothing is pinned. Anything a page pins to the top of the viewport (a fixed or sticky
 * app bar, a drawer) starts below it: `top: BELOW_PINNED_BANNER`.
 */
export const PINNED_BANNER_HEIGHT_VAR = '--stockwise-pinned-banner-height';
export const BELOW_PINNED_BANNER = `var(${PINNED_BANNER_HEIGHT_VAR}, 0px)`;
