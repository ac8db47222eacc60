export { DocumentationPage } from './components/DocumentationPage';
