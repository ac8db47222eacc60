import { defineTranslations, type NamespaceResources, type TranslationKey } from '@stockwise/shared';
import { en } from './en';
import { tr } from './tr';

export const { namespace: NS, useT } = defineTranslations('workspace', { en, tr });
export type WorkspaceKey = TranslationKey<typeof en>;

/**
 * A feature's own texts, joining the workspace namespace when its chunk loads; its `t` takes its
 * own keys, the workspace's shared ones (statuses, item fields, states) and `common:` keys.
 */
export function defineFeatureTranslations<T extends object>(resources: NamespaceResources<T>) {
  return defineTranslations<T, WorkspaceKey>(NS, resources);
}
