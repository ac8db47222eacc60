export { DevelopmentBanner } from './DevelopmentBanner';
