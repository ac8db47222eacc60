import type { TOptions } from 'i18next';
import type { Language } from './i18n';

/** A namespace's texts: nested objects whose leaves are strings. */
export interface TranslationTree {
  readonly [key: string]: string | TranslationTree | readonly (string | TranslationTree)[];
}

/** The same keys as `T`, any text: what every other language must provide (no more, no less). */
export type TranslationsOf<T> = {
  [K in keyof T]: T[K] extends string
    ? string
    : T[K] extends readonly (infer E)[]
      ? readonly TranslationsOf<E>[]
      : TranslationsOf<T[K]>;
};

/**
 * Every key of a tree as i18next writes it: `'a.b.c'`. Plural forms (`x_one`, `x_other`) count
 * as `x`; a list is one key (read with `returnObjects`).
 */
export type TranslationKey<T> = {
  [K in keyof T & string]: T[K] extends string
    ? K extends `${infer Base}_${'zero' | 'one' | 'two' | 'few' | 'many' | 'other'}`
      ? Base | K
      : K
    : T[K] extends readonly unknown[]
      ? K
      : `${K}.${TranslationKey<T[K]>}`;
}[keyof T & string];

/** `t` restricted to the keys that exist: a misspelt or removed key is a type error. */
export interface Translate<K extends string> {
  /** A list or subtree, as written in the resources (`returnObjects`). */
  (key: K, options: TOptions & { returnObjects: true }): unknown;
  (key: K, options?: TOptions): string;
}

/** Every language's texts for one namespace: English is the reference, the others must match it. */
export type NamespaceResources<T> = { en: T } & { [L in Exclude<Language, 'en'>]: TranslationsOf<T> };
