export { PublicLayout } from './components/PublicLayout';
export { PublicTopBar, NAV_LINKS } from './components/PublicTopBar';
export { PublicFooter, FOOTER_COLUMNS } from './components/PublicFooter';
