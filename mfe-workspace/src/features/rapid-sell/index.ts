export { RapidSellPage } from './routes/RapidSellPage';
