export { PublicLayout } from './PublicLayout';
export { PublicTopBar, NAV_LINKS } from './PublicTopBar';
export { PublicFooter, FOOTER_COLUMNS } from './PublicFooter';
