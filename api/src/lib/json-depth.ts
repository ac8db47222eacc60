import { badRequest } from './errors.js';

/** Deeper than any body the API accepts; a 5,000-level document is refused before it is parsed. */
export const MAX_JSON_DEPTH = 32;

/**
 * The nesting depth of a JSON text, counted without parsing it (no recursion, so no stack to
 * exhaust) and ignoring brackets inside strings. Throws a 400 as soon as `max` is passed.
 */
export function assertJsonDepth(text: string, max = MAX_JSON_DEPTH): void {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      if (++depth > max) throw badRequest(`body: nested deeper than ${max} levels`, 'body', 'VALIDATION_ERROR');
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) depth--;
  }
}
