import words from './item-words.json';

/**
 * The words an item is shown with — its statuses and its fields' names — in each language. One
 * file for two readers: the workspace screens (their i18n spreads these in) and the API's people's
 * exports (api/src/lib/item-words.ts reads the JSON), so a spreadsheet says what the screen says.
 */
export const ITEM_WORDS = words;
