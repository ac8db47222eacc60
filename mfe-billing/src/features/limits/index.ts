export { SubscriptionLimitPage } from './routes/SubscriptionLimitPage';
