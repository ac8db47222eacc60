import { resourceKey } from '@stockwise/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { getItem, getItemBySerial, updateItem, type Item, type ItemPatch } from '@/api/inventory';
import { statusOf } from '@/components/ScreenStates';
import { useT } from '../i18n';

export interface Conflict {
  message: string;
  /** The item as someone else saved it. */
  fresh: Item;
}

/**
 * The item Edit item works on, found by serial: `base` is the version saves are made against,
 * `start` what the form was last filled from (found, saved, or their version after a conflict).
 * A photo moves `base` without touching the form.
 */
export function useEditedItem(serial: string) {
  const { t } = useT();
  const queryClient = useQueryClient();
  const key = resourceKey('items', 'by-serial', serial);
  const found = useQuery({ queryKey: key, queryFn: () => getItemBySerial(serial), enabled: Boolean(serial) });
  const [base, setBase] = useState<Item | null>(null);
  const [start, setStart] = useState<Item | null>(null);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const load = (item: Item) => {
    setBase(item);
    setStart(item);
    setConflict(null);
  };
  if (found.data && found.data.id !== base?.id) load(found.data);

  const stored = (item: Item) => {
    queryClient.setQueryData(key, item);
    void queryClient.invalidateQueries({ queryKey: resourceKey('items') });
  };

  const save = useMutation({
    mutationFn: ({ id, body }: { id: string; body: ItemPatch }) => updateItem(id, body),
    onSuccess: (item) => {
      load(item);
      setMessage(t('editItem.saved', { serial: item.serial }));
      stored(item);
    },
    onError: async (error, { id }) => {
      if (statusOf(error) !== 409) return;
      try {
        const fresh = await getItem(id);
        if (fresh.version !== base?.version) setConflict({ message: t('editItem.conflict'), fresh });
      } catch {
        // The save's own message says it could not be saved.
      }
    },
  });

  return {
    found,
    base,
    start,
    conflict,
    message,
    setMessage,
    save,
    /** Their version after a conflict: the user's edits are dropped. */
    reload: () => conflict && load(conflict.fresh),
    /** A photo is its own small edit: the form's draft stays, its base moves to the new version. */
    savePhotos: async (images: string[]) => {
      if (!base) return;
      const item = await updateItem(base.id, { version: base.version, images });
      setBase(item);
      stored(item);
    },
  };
}
