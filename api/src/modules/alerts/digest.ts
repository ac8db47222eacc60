import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.js';
import { inPublic, inTenant } from '../../db/tenant.js';
import { deliver, type Mailer, type MailMessage } from '../mail/index.js';
import * as db from './queries.js';
import { ALERT_SOURCES } from './sources.js';

/** Lines a digest lists per kind of alert; the rest are counted and linked. */
const DIGEST_LINES = 50;

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
          if (count) sections.push({ source, count, lines: await source.lines(q, DIGEST_LINES) });
        }
        if (!sections.length) return [];
        const company = await db.companyName(q);
        const byPerson = new Map<string, string[]>();
        for (const s of sections)
          for (const person of await db.holdersOf(q, s.source.claim)) {
            const text = [
              s.source.heading(s.count),
              ...s.lines.map((l) => `  • ${l.text}`),
              ...(s.count > s.lines.length ? [`  … and ${s.count - s.lines.length} more`] : []),
              `  ${deps.publicUrl}${s.source.path}`,
            ].join('\n');
            byPerson.set(person.email, [...(byPerson.get(person.email) ?? []), text]);
          }
        if (!byPerson.size) return [];
        const total = sections.reduce((n, s) => n + s.count, 0);
        if (!(await db.claimDigest(q, companyId, day, byPerson.size, total))) return [];
        return [...byPerson].map(([to, parts]): MailMessage => ({
          to,
          subject: `${company}: ${total} stock ${total === 1 ? 'alert' : 'alerts'} for ${day}`,
          text: `Good morning,\n\nwhat needs your attention at ${company} today:\n\n${parts.join(
            '\n\n',
          )}\n\nYou get this mail once a day while something is on it. — Stockwise`,
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
