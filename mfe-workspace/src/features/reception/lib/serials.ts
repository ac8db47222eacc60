// Serials as a person pastes or scans them: one per line, or a range `SN-0001..SN-0500`.

export const MAX_SERIALS = 10_000;
export const MAX_SERIAL_LENGTH = 100;

export type LineProblem = 'badRange' | 'rangeTooLarge' | 'tooLong';

export interface ParsedSerials {
  /** Every serial in order, ranges expanded, duplicates kept (the API refuses them; we flag them). */
  serials: string[];
  /** Serials given more than once (as the API compares them: case does not matter). */
  duplicates: string[];
  /** Lines that are neither a serial nor a range, 1-based. */
  problems: { line: number; text: string; problem: LineProblem }[];
}

const RANGE = /^(.+?)\s*\.\.\s*(.+)$/;
const NUMBERED = /^(.*?)(\d+)(\D*)$/;

/** `SN-0001..SN-0005` → SN-0001 … SN-0005 (same prefix, suffix and digit width); null when it is not a range. */
export function expandRange(from: string, to: string, limit = MAX_SERIALS): string[] | 'badRange' | 'rangeTooLarge' {
  const a = NUMBERED.exec(from);
  const b = NUMBERED.exec(to);
  if (!a || !b || a[1] !== b[1] || a[3] !== b[3]) return 'badRange';
  const start = Number(a[2]);
  const end = Number(b[2]);
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || end < start) return 'badRange';
  if (end - start + 1 > limit) return 'rangeTooLarge';
  const width = a[2]!.length;
  const out: string[] = [];
  for (let n = start; n <= end; n++) out.push(`${a[1]}${String(n).padStart(width, '0')}${a[3]}`);
  return out;
}

export function parseSerials(text: string): ParsedSerials {
  const serials: string[] = [];
  const problems: ParsedSerials['problems'] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim();
    if (!line) return;
    const range = RANGE.exec(line);
    if (range) {
      const expanded = expandRange(range[1]!.trim(), range[2]!.trim(), MAX_SERIALS - serials.length);
      if (typeof expanded === 'string') problems.push({ line: index + 1, text: line, problem: expanded });
      else serials.push(...expanded);
      return;
    }
    if (line.length > MAX_SERIAL_LENGTH) problems.push({ line: index + 1, text: line, problem: 'tooLong' });
    else serials.push(line);
  });
  const seen = new Set<string>();
  const duplicates = new Set<string>();
  for (const serial of serials) {
    const key = serial.toLowerCase();
    if (seen.has(key)) duplicates.add(serial);
    else seen.add(key);
  }
  return { serials, duplicates: [...duplicates], problems };
}
