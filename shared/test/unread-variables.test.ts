import { withoutUnreadVariables } from '../src/prerender/unread-variables';

const theme =
  '<style data-emotion="css-global 4hadex" data-s="">:root{--a:1px;--b:var(--c);--c:red;--unread:blue;--chain:var(--unread2);--unread2:0}' +
  '.dark{--c:black;--unread:white;color-scheme:dark;color:var(--d)}:root{--d:green}</style>';
const elements = '<style data-emotion="css x1">.css-x1{margin:var(--a);border-color:var(--b)}</style>';

describe('a prerendered page keeps the theme variables it reads', () => {
  it('keeps what its styles, its markup and the variables it reads refer to, in both schemes', () => {
    const styles = withoutUnreadVariables(`${theme}${elements}`, '<div style="padding:var(--e, 0)"></div>');
    expect(styles).toContain('--a:1px');
    // Read through --b, in the light and the dark scheme.
    expect(styles).toContain('--b:var(--c)');
    expect(styles).toContain('--c:red');
    expect(styles).toContain('--c:black');
    // Read by a property of the global style itself.
    expect(styles).toContain('--d:green');
    expect(styles).toContain('color-scheme:dark');
    expect(styles).not.toContain('--unread');
    expect(styles).not.toContain('--chain');
    // The element styles are never changed.
    expect(styles).toContain(elements);
  });

  it('renames a pruned global style, so that the app writes the whole set when it hydrates', () => {
    const styles = withoutUnreadVariables(`${theme}${elements}`, '');
    expect(styles).toContain('<style data-prerendered-global="css-global 4hadex" data-s="">');
    expect(styles).not.toContain('data-emotion="css-global 4hadex"');
  });

  it('leaves a global style that loses nothing under its own name', () => {
    const baseline = '<style data-emotion="css-global 17rr5bd">body{color:var(--c)}</style>';
    expect(withoutUnreadVariables(baseline, '')).toBe(baseline);
  });
});
