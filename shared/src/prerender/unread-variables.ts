// Build-time only: the theme's CSS variables a prerendered page never reads, left out of its
// document. MUI's CSS-variables theme declares every token of both colour schemes in one global
// style (≈ 22 KB: each component's palette slots, 25 shadows, overlays…); a marketing page reads
// about a fifth of them, and the browser parses the rest and carries them on every element before
// the first paint, on the main thread a phone's visitor waits on.

/** A global style Emotion rendered on the server: `<style data-emotion="css-global 4hadex">`. */
const GLOBAL_STYLE = /<style data-emotion="([\w-]+-global [^"]*)"([^>]*)>([\s\S]*?)<\/style>/g;
/** A custom property's declaration; its value ends at the next `;` or at the rule's end. */
const DECLARATION = /(--[\w-]+)\s*:([^;{}]*)(?:;|(?=\}))/g;
const REFERENCE = /var\(\s*(--[\w-]+)/g;

/**
 * `styles` (the page's style tags, as Emotion's server renders them) with the custom properties of
 * its global styles that nothing on the page reads: neither the page's other styles, nor its
 * markup (`style` attributes), nor a property of the global styles themselves, nor the value of a
 * variable that is read. A variable that is not read cannot change how the page looks.
 *
 * A global style that lost declarations is renamed (`data-prerendered-global`): Emotion's Global
 * adopts the server's tag by its `data-emotion` name as it stands and never writes it again, so
 * under its own name the app would keep running without the variables its other screens read.
 * Renamed, the client inserts the whole set when it hydrates, beside this subset (same values).
 */
export function withoutUnreadVariables(styles: string, markup: string): string {
  const globals = [...styles.matchAll(GLOBAL_STYLE)];
  const declared = new Map<string, string[]>();
  let readers = styles.replace(GLOBAL_STYLE, '') + markup;
  for (const [, , , css] of globals) {
    for (const [, name, value] of css!.matchAll(DECLARATION))
      declared.set(name!, [...(declared.get(name!) ?? []), value!]);
    readers += css!.replace(DECLARATION, '');
  }
  const read = new Set<string>();
  const pending = [...readers.matchAll(REFERENCE)].map((match) => match[1]!);
  while (pending.length) {
    const name = pending.pop()!;
    if (read.has(name)) continue;
    read.add(name);
    for (const value of declared.get(name) ?? [])
      for (const match of value.matchAll(REFERENCE)) pending.push(match[1]!);
  }
  return styles.replace(GLOBAL_STYLE, (tag, name: string, attributes: string, css: string) => {
    const kept = css.replace(DECLARATION, (declaration, variable: string) => (read.has(variable) ? declaration : ''));
    return kept === css ? tag : `<style data-prerendered-global="${name}"${attributes}>${kept}</style>`;
  });
}
