import i18next, { type Resource, type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';

// One i18n instance for the whole page. @stockwise/shared is a federation singleton, so the
// shell and every remote translate through this instance; each of them adds its own namespace
// (addTranslations) when its code loads, so a remote ships its texts with its own release.

export const SUPPORTED_LANGUAGES = ['en', 'tr'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
/** The local entry that remembers the visitor's choice of language. */
export const LANGUAGE_KEY = 'language';

function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (SUPPORTED_LANGUAGES as readonly string[]).includes(value);
}

/** The stored choice wins; otherwise English (the default), whatever the browser prefers. */
export function initialLanguage(): Language {
  try {
    const stored = globalThis.localStorage?.getItem(LANGUAGE_KEY);
    if (isLanguage(stored)) return stored;
  } catch {
    // Storage can be blocked (private mode); the default is fine then.
  }
  return DEFAULT_LANGUAGE;
}

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  lng: initialLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...SUPPORTED_LANGUAGES],
  resources: {} as Resource,
  interpolation: { escapeValue: false }, // React escapes already
  initAsync: false,
  returnNull: false,
});

function syncDocumentLanguage(lng: string) {
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
}
syncDocumentLanguage(i18n.language);
i18n.on('languageChanged', syncDocumentLanguage);

/** Registers a namespace's texts in every language (idempotent; later calls extend). */
export function addTranslations(namespace: string, resources: Record<Language, ResourceLanguage>): void {
  for (const lng of SUPPORTED_LANGUAGES) {
    i18n.addResourceBundle(lng, namespace, resources[lng], true, true);
  }
}

export async function setLanguage(lng: Language): Promise<void> {
  try {
    globalThis.localStorage?.setItem(LANGUAGE_KEY, lng);
  } catch {
    // Not remembered across reloads, still applied now.
  }
  await i18n.changeLanguage(lng);
}
