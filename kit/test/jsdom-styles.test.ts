// The front-end suites' jsdom is patched (patches/jsdom@26.1.0.patch): getComputedStyle hands a
// style rule to the selector engine only when the element has what the rule's rightmost compound
// selector requires (its id, a class or its tag). Visibility checks (Testing Library's hidden-ness,
// user-event's pointer-events, jest-dom's toBeVisible) read these styles, so a rule the patch
// skipped wrongly would let a hidden element pass as visible: each kind of selector is checked here
// against the value a browser gives.
const sheet = `
  .hide { display: none }
  #Pane { visibility: hidden }
  ul li + li { visibility: hidden }
  .row > .cell { pointer-events: none }
  .first ~ .later { display: none }
  span:not(.shown) { visibility: hidden }
  .field:has(> .native) { display: none }
  [hidden] { display: none }
  [data-state="closed"] { visibility: hidden }
  .a::before, .b { display: none }
  span.Upper { pointer-events: none }
  .w\\:x { display: none }
  :is(.q, .r) { visibility: hidden }
  html body .deep { display: none }
  li:nth-child(3) { pointer-events: none }
  svg rect { visibility: hidden }
  * { caret-color: red }
  @media screen { .screen-only { display: none } }
  @media print { .print-only { display: none } }
`;

const style = (element: Element | null, property: string) => getComputedStyle(element!).getPropertyValue(property);
const byId = (id: string) => document.getElementById(id);

beforeEach(() => {
  document.head.innerHTML = `<style>${sheet}</style>`;
  document.body.innerHTML = `
    <div id="hide" class="hide"></div><div id="Pane"></div><div id="pane"></div>
    <ul><li id="li1"></li><li id="li2"></li><li id="li3"></li></ul>
    <div class="row"><span id="cell" class="cell shown"></span></div><span id="loose-cell" class="cell shown"></span>
    <p class="first"></p><p id="later" class="later"></p><p id="not-later" class="later-not"></p>
    <span id="plain-span"></span>
    <div id="field" class="field"><select class="native"></select></div>
    <div id="deep-field" class="field"><div><select class="native"></select></div></div>
    <div id="hidden-attr" hidden></div><div id="closed" data-state="closed"></div><div id="open" data-state="open"></div>
    <div id="a" class="a"></div><div id="b" class="b"></div>
    <span id="upper" class="Upper shown"></span><span id="lower" class="upper shown"></span>
    <div id="escaped" class="w:x"></div><div id="q" class="q"></div>
    <section><div><div id="deep" class="deep"></div></div></section>
    <svg><rect id="rect"></rect></svg>
    <div id="screen" class="screen-only"></div><div id="print" class="print-only"></div>`;
});

test('each kind of selector still reaches the elements it matches, and only those', () => {
  expect(style(byId('hide'), 'display')).toBe('none');
  expect(style(byId('Pane'), 'visibility')).toBe('hidden');
  expect(style(byId('pane'), 'visibility')).toBe('visible');
  expect(['li1', 'li2', 'li3'].map((id) => style(byId(id), 'visibility'))).toEqual(['visible', 'hidden', 'hidden']);
  expect(style(byId('li3'), 'pointer-events')).toBe('none');
  expect(style(byId('cell'), 'pointer-events')).toBe('none');
  expect(style(byId('loose-cell'), 'pointer-events')).toBe('auto');
  expect(style(byId('later'), 'display')).toBe('none');
  expect(style(byId('not-later'), 'display')).toBe('block');
  expect(style(byId('plain-span'), 'visibility')).toBe('hidden');
  expect(style(byId('field'), 'display')).toBe('none');
  expect(style(byId('deep-field'), 'display')).toBe('block');
  expect(style(byId('hidden-attr'), 'display')).toBe('none');
  expect(style(byId('closed'), 'visibility')).toBe('hidden');
  expect(style(byId('open'), 'visibility')).toBe('visible');
  expect(style(byId('a'), 'display')).toBe('block');
  expect(style(byId('b'), 'display')).toBe('none');
  expect(style(byId('upper'), 'pointer-events')).toBe('none');
  expect(style(byId('lower'), 'pointer-events')).toBe('auto');
  expect(style(byId('escaped'), 'display')).toBe('none');
  expect(style(byId('q'), 'visibility')).toBe('hidden');
  expect(style(byId('deep'), 'display')).toBe('none');
  expect(style(byId('rect'), 'visibility')).toBe('hidden');
  expect(style(byId('screen'), 'display')).toBe('none');
  expect(style(byId('print'), 'display')).toBe('block');
  expect(style(byId('pane'), 'caret-color')).toBe('rgb(255, 0, 0)');
});

test('a class, an id or a rule added later changes the answer, as on a page', () => {
  const pane = byId('pane')!;
  expect(style(pane, 'display')).toBe('block');
  pane.classList.add('hide');
  expect(style(pane, 'display')).toBe('none');
  pane.classList.remove('hide');
  pane.id = 'Pane';
  expect(style(pane, 'visibility')).toBe('hidden');
  const later = document.createElement('style');
  later.textContent = '.late-rule { pointer-events: none }';
  document.head.append(later);
  pane.classList.add('late-rule');
  expect(style(pane, 'pointer-events')).toBe('none');
  // Visibility is inherited: a child of a hidden element is hidden too.
  const child = document.createElement('span');
  child.className = 'shown';
  pane.append(child);
  expect(style(child, 'visibility')).toBe('hidden');
  // A rule's selector set through the CSSOM is read again (the rule `.hide` was read above).
  const rule = document.styleSheets.item(0)!.cssRules[0] as CSSStyleRule;
  expect(rule.selectorText).toBe('.hide');
  rule.selectorText = '.hidden-now';
  pane.className = 'hidden-now';
  expect(style(pane, 'display')).toBe('none');
  expect(style(byId('hide'), 'display')).toBe('block');
});
