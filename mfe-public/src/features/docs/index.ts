export { DocumentationPage } from './routes/DocumentationPage';
