export { LabelSettingsPage } from './routes/LabelSettingsPage';
