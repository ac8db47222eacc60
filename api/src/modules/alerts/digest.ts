import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.js';
import { inPublic, inTenant } from '../../db/tenant.js';
import { deliver, type Mailer, type MailMessage } from '../mail/index.js';
import type { Language } from '../../lib/item-words.js';
import * as db from './queries.js';
import { ALERT_SOURCES, type AlertLine } from './sources.js';

/** Lines a digest lists per kind of alert; the rest are counted and linked. */
const DIGEST_LINES = 50;

/** The digest's own words; each source words its heading and lines (sources.ts). */
const WORDS: Record<
  Language,
  {
    subject: (company: string, total: number, day: string) => string;
    body: (company: string, parts: string) => string;
    more: (n: number) => string;
  }
> = {
  en: {
    subject: (company, total, day) => `${company}: ${total} stock ${total === 1 ? 'alert' : 'alerts'} for ${day}`,
    body: (company, parts) =>
      `Good morning,\n\nwhat needs your attention at ${company} today:\n\n${parts}\n\nYou get this mail once a day while something is on it. — Stockwise`,
    more: (n) => `… and ${n} more`,
  },
  tr: {
    subject: (company, total, day) => `${company}: ${day} için ${total} stok uyarısı`,
    body: (company, parts) =>
      `Günaydın,\n\n${company} için bugün ilgilenmeniz gerekenler:\n\n${parts}\n\nBu e-postayı, listesinde bir şey olduğu sürece günde bir kez alırsınız. — Stockwise`,
    more: (n) => `… ve ${n} tane daha`,
  },
};

/**
 * The daily digest: for each company with something to look at, one mail to each active person
 * holding an alert source's claim, listing every source they may see that has alerts — not a mail
 * per sale. Sent at most once a company a day (alert_digests): a company with no alerts today is
 * looked at again on the next run. Answers how many mails went out.
 */
export async function sendDigests(
  deps: { db: Database; mailer: Mailer; log: FastifyBaseLogger; publicUrl: string },
  day: string,
): Promise<number> {
  const companies = await inPublic(deps.db, db.alertCompanies);
  let sent = 0;
  for (const companyId of companies) {
    try {
      const mails = await inTenant(deps.db, companyId, async (q) => {
        const sections = [];
        for (const source of ALERT_SOURCES) {
          const count = await source.count(q);
          // Each section's lines in each language a reader of it needs, read once per language.
          if (count) sections.push({ source, count, lines: new Map<Language, AlertLine[]>() });
        }
        if (!sections.length) return [];
        const company = await db.companyName(q);
        const byPerson = new Map<string, { language: Language; parts: string[] }>();
        for (const s of sections)
          for (const person of await db.holdersOf(q, s.source.claim)) {
            const language = person.language;
            if (!s.lines.has(language)) s.lines.set(language, await s.source.lines(q, DIGEST_LINES, language));
            const lines = s.lines.get(language)!;
            const text = [
              s.source.heading(s.count, language),
              ...lines.map((l) => `  • ${l.text}`),
              ...(s.count > lines.length ? [`  ${WORDS[language].more(s.count - lines.length)}`] : []),
              `  ${deps.publicUrl}${s.source.path}`,
            ].join('\n');
            const mail = byPerson.get(person.email) ?? { language, parts: [] };
            byPerson.set(person.email, { ...mail, parts: [...mail.parts, text] });
          }
        if (!byPerson.size) return [];
        const total = sections.reduce((n, s) => n + s.count, 0);
        if (!(await db.claimDigest(q, companyId, day, byPerson.size, total))) return [];
        return [...byPerson].map(([to, { language, parts }]): MailMessage => ({
          to,
          subject: WORDS[language].subject(company, total, day),
          text: WORDS[language].body(company, parts.join('\n\n')),
        }));
      });
      for (const mail of mails) await deliver(deps.mailer, mail, deps.log, 'alert digest');
      sent += mails.length;
    } catch (err) {
      // One company's failure does not keep the others' digests back.
      deps.log.error({ err, companyId }, 'alert digest failed');
    }
  }
  return sent;
}

/** The UTC hour from which a day's digest goes out (the run every DIGEST_CHECK_MS picks it up). */
export const DIGEST_HOUR_UTC = 6;
export const DIGEST_CHECK_MS = 15 * 60_000;

/** Today's date (UTC) when the digest is due, else null. */
export function digestDue(now: Date): string | null {
  return now.getUTCHours() >= DIGEST_HOUR_UTC ? now.toISOString().slice(0, 10) : null;
}
