export { LandingPage } from './routes/LandingPage';
