// Loads each snapshot of bench/ci/jsdom-snapshot.js into two jsdoms and compares getComputedStyle
// of every element, every property: nothing a test reads may differ.
//   node bench/ci/jsdom-style-compare.cjs <snapshot dir> <jsdom dir A> <jsdom dir B>
const fs = require('node:fs');
const path = require('node:path');

const [dir, a, b] = process.argv.slice(2);
const jsdoms = [a, b].map((dir) => require(path.resolve(dir)));
let files = 0;
let elements = 0;
let values = 0;
let differences = 0;
for (const file of fs.readdirSync(dir).filter((name) => name.endsWith('.json'))) {
  const { rules, html } = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
  const page = `<!DOCTYPE html>${html.replace('<head>', `<head><style>${rules.join('\n')}</style>`)}`;
  const [left, right] = jsdoms.map(({ JSDOM }) => {
    const { window } = new JSDOM(page);
    return [...window.document.querySelectorAll('*')].map((element) => {
      const style = window.getComputedStyle(element);
      return Array.from({ length: style.length }, (_, i) => `${style[i]}: ${style.getPropertyValue(style[i])}`);
    });
  });
  files++;
  elements += left.length;
  for (let i = 0; i < Math.max(left.length, right.length); i++) {
    values += left[i]?.length ?? 0;
    if (left[i]?.join(';') !== right[i]?.join(';')) {
      differences++;
      console.log(`${file}, element ${i}:\n  ${left[i]?.join('; ')}\n  ${right[i]?.join('; ')}`);
    }
  }
}
console.log(`${files} snapshots, ${elements} elements, ${values} computed values, ${differences} elements differ`);
process.exit(differences === 0 ? 0 : 1);
