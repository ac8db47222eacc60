export { PricingPage } from './routes/PricingPage';
