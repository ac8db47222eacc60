import type { Queryable } from '../../db/database.js';
import type { Permission } from '../../vocabulary.js';
import type { Language } from '../../lib/item-words.js';
import { countToReorder, toReorder } from '../product-models/index.js';
import { countOverdue, overdueLines } from '../loans/index.js';

/**
 * One kind of alert: something a company should act on, found by a query when asked (never kept
 * up to date by the writes that cause it). The dashboard, My Tasks (GET /api/alerts) and the daily
 * digest mail read every source the person holds the claim of. Warranties ending soon become alerts
 * by adding a source here (docs/domain-models.md, "Alerts").
 */
export interface AlertSource {
  kind: 'reorder' | 'overdue-loans';
  /** Who sees the alert and gets it mailed. */
  claim: Permission;
  /** Where the whole list is, in the app (the digest links to it). */
  path: string;
  /** The mail's heading for n of them, in the reader's language. */
  heading: (n: number, language: Language) => string;
  count: (q: Queryable) => Promise<number>;
  /** The first `limit` of them, each as one line a person reads (in English unless told). */
  lines: (q: Queryable, limit: number, language?: Language) => Promise<AlertLine[]>;
}

export interface AlertLine {
  /** What the line is about (a model's id…), for a link. */
  id: string;
  text: string;
}

const reorder: AlertSource = {
  kind: 'reorder',
  claim: 'stock.reorder',
  path: '/reporting/to-reorder',
  heading: (n, language) =>
    language === 'tr'
      ? `${n} model yeniden sipariş seviyesinin altında`
      : `${n} ${n === 1 ? 'model is' : 'models are'} below the reorder point`,
  count: countToReorder,
  lines: async (q, limit, language = 'en') =>
    (await toReorder(q, { limit })).items.map((r) => {
      const model = `${[r.brandName, r.modelName].filter(Boolean).join(' ')} (${r.itemTypeName})`;
      return {
        id: r.modelId,
        text:
          language === 'tr'
            ? `${model} — ${r.locationName ? `${r.locationName} konumunda ` : ''}stokta ${r.inStock}, ` +
              `yeniden sipariş seviyesi ${r.minQuantity}: ${r.shortfall} eksik`
            : `${model} — ${r.inStock} in stock${r.locationName ? ` at ${r.locationName}` : ''}, ` +
              `reorder point ${r.minQuantity}: ${r.shortfall} short`,
      };
    }),
};

const overdueLoans: AlertSource = {
  kind: 'overdue-loans',
  claim: 'items.lend',
  path: '/item-status/loans?view=overdue',
  heading: (n, language) =>
    language === 'tr' ? `${n} ödünç teslim tarihini geçti` : `${n} ${n === 1 ? 'loan is' : 'loans are'} overdue`,
  count: countOverdue,
  lines: overdueLines,
};

export const ALERT_SOURCES: readonly AlertSource[] = [reorder, overdueLoans];
