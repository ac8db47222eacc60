import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Type, type Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { STATUSES } from '../vocabulary.js';

// The words a person reads an item by — its statuses and its fields' names — come from the file
// the workspace screens are translated with (kit/src/words/item-words.json), so an export says
// what the screen says and a translation is fixed once. It is read from the repository at start
// (from api/src or api/dist alike: both sit one folder under api/), the way migrations are.

export const LANGUAGES = ['en', 'tr'] as const;
export type Language = (typeof LANGUAGES)[number];

const Words = Type.Object({
  statuses: Type.Object(Object.fromEntries(STATUSES.map((s) => [s, Type.String({ minLength: 1 })]))),
  item: Type.Record(Type.String(), Type.String({ minLength: 1 })),
  export: Type.Record(Type.String(), Type.String({ minLength: 1 })),
});
const AllWords = Type.Object(Object.fromEntries(LANGUAGES.map((l) => [l, Words])));

export const WORDS_FILE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  '..',
  'kit',
  'src',
  'words',
  'item-words.json',
);

function load(): Record<Language, Static<typeof Words>> {
  const words: unknown = JSON.parse(readFileSync(WORDS_FILE, 'utf8'));
  // A status or language missing from the file fails the start, not an export.
  if (!Value.Check(AllWords, words))
    throw new Error(`${WORDS_FILE}: ${[...Value.Errors(AllWords, words)].map((e) => `${e.path} ${e.message}`)[0]}`);
  return words as Record<Language, Static<typeof Words>>;
}

export const ITEM_WORDS = load();

/** One word in a language: a missing one is a programming error (the start-up check covers the statuses). */
export function word(language: Language, group: 'item' | 'export', key: string): string {
  const text = ITEM_WORDS[language][group][key];
  if (text === undefined) throw new Error(`item-words.json has no ${language}.${group}.${key}`);
  return text;
}
