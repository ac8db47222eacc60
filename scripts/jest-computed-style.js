// jsdom's getComputedStyle, remembered per element for as long as jsdom's own style cache lives.
//
// Why: Testing Library's role queries ask for the computed style of every candidate element and
// each of its ancestors (is it hidden?), its name computation asks again for each child, and
// user-event asks for every ancestor's `pointer-events` before each click. jsdom already caches
// the rules matching an element (`document._styleCache`), but each call still builds a new style
// declaration, copies every property into it (cssstyle parses each value again) and resolves the
// inherited properties by walking to the root — about a quarter of a front-end suite's CPU time
// (docs/benchmarks.md, "CI time", session 11).
//
// Exact, not approximate: jsdom drops its style cache (sets it to null; the next call makes a new
// one) whenever anything a computed style depends on changes — an attribute (class, style,
// hidden…), a node inserted or removed, a style sheet's text. An answer is reused only while that
// same cache object is still in place, so it is what jsdom would compute at that moment; the
// first change starts a new one. Anything this cannot see, jsdom's own cache does not see either.
// Pseudo-elements and elements of other documents go straight to jsdom.

/** jsdom's internal object behind a DOM wrapper (its generated bindings keep it under this symbol). */
function implOf(wrapper) {
  const symbol = Object.getOwnPropertySymbols(wrapper).find((s) => s.description === 'impl');
  return symbol ? wrapper[symbol] : undefined;
}

function cacheComputedStyle(window) {
  const { document } = window;
  const documentImpl = document && implOf(document);
  // Not jsdom as we know it: leave getComputedStyle as it is.
  if (!documentImpl || !('_styleCache' in documentImpl)) return;
  const compute = window.getComputedStyle;
  let jsdomCache = null;
  let answers = new WeakMap();

  window.getComputedStyle = function getComputedStyle(element, pseudoElement) {
    if (pseudoElement || !(element instanceof window.Element) || element.ownerDocument !== document)
      return compute.call(window, element, pseudoElement);
    if (documentImpl._styleCache === null || documentImpl._styleCache !== jsdomCache) answers = new WeakMap();
    let style = answers.get(element);
    if (!style) {
      style = compute.call(window, element);
      // The call made jsdom's cache if a change had dropped it: these answers belong to that one.
      if (documentImpl._styleCache !== jsdomCache) {
        jsdomCache = documentImpl._styleCache;
        answers = new WeakMap();
      }
      answers.set(element, style);
    }
    return style;
  };
}

module.exports = { cacheComputedStyle };
