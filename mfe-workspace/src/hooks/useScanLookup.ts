import { errorMessage } from '@stockwise/shared';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { getItemBySerial, type Item } from '@/api/inventory';
import { statusOf } from '@/components/ScreenStates';
import { useT } from '@/i18n';

/**
 * The scan-then-look-up loop of the action screens: the scan field's text and focus, and the
 * serial's lookup. A miss is told in words (an unknown serial by name); focus goes back to the
 * scan field after every answer so the next scan lands there.
 */
export function useScanLookup({
  onFound,
  onMiss,
  failedText,
  judgedAfter,
}: {
  onFound: (item: Item) => void;
  /** What must have answered before a found item is judged (the sale screens: useSellable's `judged`). */
  judgedAfter?: () => Promise<unknown>;
  /** The words to show, the error (a 403 makes a screen say it is forbidden) and the serial scanned. */
  onMiss: (text: string, error: unknown, scanned: string) => void;
  failedText: string;
}) {
  const { t } = useT();
  const scanRef = useRef<HTMLInputElement>(null);
  const [serial, setSerial] = useState('');
  const focusScan = () => setTimeout(() => scanRef.current?.focus(), 0);
  const lookup = useMutation({
    mutationFn: async (scanned: string) => (await Promise.all([getItemBySerial(scanned), judgedAfter?.()]))[0],
    onSuccess: onFound,
    onError: (error, scanned) =>
      onMiss(
        statusOf(error) === 404 ? t('scan.notFound', { serial: scanned }) : errorMessage(error, failedText),
        error,
        scanned,
      ),
    onSettled: focusScan,
  });
  return { scanRef, serial, setSerial, focusScan, lookup };
}
