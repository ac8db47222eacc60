export {
  i18n,
  addTranslations,
  setLanguage,
  initialLanguage,
  LANGUAGE_KEY,
  SUPPORTED_LANGUAGES,
  DEFAULT_LANGUAGE,
} from './i18n';
export type { Language } from './i18n';
// Re-exported so every app uses the react-i18next copy bound to the one instance above.
export { useTranslation, Trans } from 'react-i18next';
