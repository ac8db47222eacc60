export { PremiumPurchasePage } from './routes/PremiumPurchasePage';
