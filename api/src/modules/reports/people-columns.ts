import { ITEM_WORDS, word, type Language } from '../../lib/item-words.js';
import type { PeopleColumn } from '../../lib/list-export.js';
import { WARRANTY_OUTCOMES, WARRANTY_STATES } from '../../vocabulary.js';
import type { GroupBy } from './schemas.js';

// The columns a person reads in the reports' exports (lib/list-export.ts), named with the words the
// item list's export uses (kit/src/words/item-words.json): the screens' words in the reader's
// language. A column whose property the caller may not see (a customer without customers.view) is
// left out by the export, as from the raw file.

/** Keys (a claim's state, its outcome…) as the words of the export group under a prefix. */
const wordsOf = (language: Language, prefix: string, keys: readonly string[]) =>
  Object.fromEntries(keys.map((k) => [k, word(language, 'export', `${prefix}_${k}`)]));

const item = (language: Language, key: string) => word(language, 'item', key);
const more = (language: Language, key: string) => word(language, 'export', key);

export function warrantyPeople(l: Language): PeopleColumn[] {
  return [
    { key: 'serial', header: item(l, 'serial'), type: 'text' },
    { key: 'itemTypeName', header: item(l, 'type'), type: 'text' },
    { key: 'brandName', header: item(l, 'brand'), type: 'text' },
    { key: 'model', header: item(l, 'model'), type: 'text' },
    { key: 'status', header: item(l, 'status'), type: 'text', words: ITEM_WORDS[l].statuses },
    { key: 'customerName', header: item(l, 'customer'), type: 'text' },
    { key: 'customerEmail', header: more(l, 'email'), type: 'text' },
    { key: 'customerPhone', header: more(l, 'phone'), type: 'text' },
    { key: 'soldAt', header: item(l, 'soldAt'), type: 'datetime' },
    { key: 'warrantyEndsAt', header: more(l, 'warrantyEndsAt'), type: 'date' },
    { key: 'daysLeft', header: more(l, 'daysLeft'), type: 'integer' },
    { key: 'claimState', header: more(l, 'claim'), type: 'text', words: wordsOf(l, 'claim', WARRANTY_STATES) },
    {
      key: 'claimOutcome',
      header: more(l, 'claimOutcome'),
      type: 'text',
      words: wordsOf(l, 'outcome', WARRANTY_OUTCOMES),
    },
  ];
}

export function trackingPeople(l: Language): PeopleColumn[] {
  const statuses = ITEM_WORDS[l].statuses;
  return [
    { key: 'createdAt', header: more(l, 'when'), type: 'datetime' },
    { key: 'serial', header: item(l, 'serial'), type: 'text' },
    { key: 'itemTypeName', header: item(l, 'type'), type: 'text' },
    { key: 'transactionTypeName', header: more(l, 'transaction'), type: 'text' },
    { key: 'fromLocationName', header: more(l, 'from'), type: 'text' },
    { key: 'toLocationName', header: more(l, 'to'), type: 'text' },
    { key: 'fromStatus', header: more(l, 'fromStatus'), type: 'text', words: statuses },
    { key: 'toStatus', header: more(l, 'toStatus'), type: 'text', words: statuses },
    { key: 'userName', header: more(l, 'user'), type: 'text' },
    { key: 'customerName', header: item(l, 'customer'), type: 'text' },
    { key: 'reason', header: more(l, 'reason'), type: 'text' },
    { key: 'refund', header: more(l, 'refund'), type: 'money' },
    { key: 'note', header: more(l, 'note'), type: 'text' },
  ];
}

export function purchasePeople(l: Language): PeopleColumn[] {
  return [
    { key: 'soldAt', header: item(l, 'soldAt'), type: 'datetime' },
    { key: 'saleNumber', header: more(l, 'saleNumber'), type: 'integer' },
    { key: 'serial', header: item(l, 'serial'), type: 'text' },
    { key: 'itemTypeName', header: item(l, 'type'), type: 'text' },
    { key: 'model', header: item(l, 'model'), type: 'text' },
    { key: 'price', header: more(l, 'price'), type: 'money' },
    { key: 'status', header: item(l, 'status'), type: 'text', words: ITEM_WORDS[l].statuses },
    { key: 'warrantyEndsAt', header: more(l, 'warrantyEndsAt'), type: 'date' },
    {
      key: 'warranty',
      header: more(l, 'warranty'),
      type: 'text',
      words: wordsOf(l, 'warranty', ['active', 'ended', 'none']),
    },
  ];
}

/** The warehouse status: one row per count, saying per what (a location or an item type). */
export function warehousePeople(l: Language): PeopleColumn[] {
  return [
    {
      key: 'breakdown',
      header: more(l, 'breakdown'),
      type: 'text',
      words: { location: item(l, 'location'), itemType: item(l, 'type') },
    },
    { key: 'name', header: more(l, 'name'), type: 'text' },
    { key: 'status', header: item(l, 'status'), type: 'text', words: ITEM_WORDS[l].statuses },
    { key: 'items', header: more(l, 'items'), type: 'integer' },
  ];
}

/** The inventory by a group: its name under the group's own word, counted and valued. */
export function inventoryPeople(groupBy: GroupBy) {
  const group = { itemType: 'type', brand: 'brand', model: 'model', location: 'location' }[groupBy];
  return (l: Language): PeopleColumn[] => [
    { key: 'name', header: item(l, group), type: 'text' },
    { key: 'items', header: more(l, 'items'), type: 'integer' },
    { key: 'costValue', header: more(l, 'costValue'), type: 'money' },
    { key: 'saleValue', header: more(l, 'saleValue'), type: 'money' },
  ];
}
