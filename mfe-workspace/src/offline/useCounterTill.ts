import type { Item, ReceiveRequest, Sale, SaleRequest } from '@/api/inventory';
import type { ScanAnswer } from '@/api/stocktakes';
import { useT } from './i18n';
import { failureOf, theTill, type CountScan } from './till';
import { alreadyWaiting, queueScan } from './useTill';

type Message = { severity: 'success' | 'error' | 'info'; text: string };

/**
 * The options of a mutation that goes through the till: it runs whatever the browser says of the
 * network, because the till itself keeps it on the device when there is none. TanStack Query's
 * default would pause it while the browser is offline — the counter stuck on "Selling…", nothing
 * kept, and the sale sent past the queue once the network returned.
 */
export const THROUGH_THE_TILL = { networkMode: 'always' } as const;

/** A queued line's name: its serials, the first three of a long batch and how many more. */
export const serialsLabel = (serials: string[]) =>
  serials.length > 3 ? `${serials.slice(0, 3).join(', ')} … +${serials.length - 3}` : serials.join(', ');

/**
 * What a counter screen (Rapid Sell, Multi-Sale) needs of the till, with its own words: whether to
 * queue instead of looking up, queueing a scan, and selling through the queue (sent now when
 * online, kept on the device otherwise).
 */
export function useCounterTill() {
  const { t } = useT();
  return {
    /** Offline, or the API was unreachable the last time: a scan goes to the queue. */
    offline: () => !theTill().getSnapshot().online,
    /** The lookup failed for want of a network (not a 404, not a refusal). */
    unreachable: (error: unknown) => failureOf(error).kind === 'network',
    async queueScan(serial: string, customerId: string | null): Promise<Message> {
      const queued = await queueScan(serial, customerId);
      return queued
        ? { severity: 'info', text: t('till.queuedScan', { serial }) }
        : { severity: 'info', text: t('till.alreadyQueued', { serial }) };
    },
    /** The sale's answer, or null when it was kept on the device (`queuedText` says so). */
    async sell(body: SaleRequest, label: string): Promise<Sale | null> {
      const result = await theTill().submit('sale', body, label);
      return 'answer' in result ? (result.answer as Sale) : null;
    },
    queuedText: t('till.queuedSale'),
    offlineLookupText: t('till.offlineLookup'),
  };
}

/** Reception through the till: received now when online, kept on the device otherwise. */
export function useReceptionTill() {
  const { t } = useT();
  return {
    /** The received items, or null when the reception was kept on the device. */
    async receive(body: ReceiveRequest): Promise<Item[] | null> {
      const result = await theTill().submit('receive', body, serialsLabel(body.serials));
      return 'answer' in result ? (result.answer as { items: Item[] }).items : null;
    },
    queuedText: t('till.queuedReceive'),
  };
}

/**
 * A stock-take's scans through the till: counted at once when online, kept on the device otherwise
 * (a back room without Wi-Fi) and counted when the network returns, each under the key it was
 * first tried with. A serial already waiting for this count is not kept twice.
 */
export function useCountTill(stocktakeId: string) {
  const { t } = useT();
  return {
    async scan(serial: string): Promise<{ answer: ScanAnswer } | { kept: Message }> {
      const twice = alreadyWaiting('count', (e) => {
        const kept = e.body as CountScan;
        return kept.stocktakeId === stocktakeId && kept.serial.toLowerCase() === serial.toLowerCase();
      });
      if (twice) return { kept: { severity: 'info', text: t('till.alreadyQueued', { serial }) } };
      const body: CountScan = { stocktakeId, serial };
      const result = await theTill().submit('count', body, serial);
      return 'answer' in result
        ? { answer: result.answer as ScanAnswer }
        : { kept: { severity: 'info', text: t('till.queuedCount', { serial }) } };
    },
  };
}
