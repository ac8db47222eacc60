import { keepOrDropScript } from '../src/prerender/render-page';

/** Runs the document's keep-or-drop script against a prerendered #root at `url`. */
function paintAt(url: string, variesWith: readonly string[] = []): { kept: boolean } {
  window.history.replaceState(null, '', url);
  document.body.innerHTML = '<div id="root" data-prerendered="mfe_public"><form>company</form></div>';
  const code = keepOrDropScript('en', variesWith).replace(/^<script>|<\/script>$/g, '');
  new Function(code)();
  const root = document.getElementById('root')!;
  return { kept: root.hasChildNodes() && root.dataset.prerendered !== undefined };
}

describe('a prerendered page paints only where it will hydrate as it is', () => {
  beforeEach(() => localStorage.clear());

  it('keeps the markup for a visitor at the bare page, and with tracking parameters', () => {
    expect(paintAt('/register', ['invitationId'])).toEqual({ kept: true });
    expect(paintAt('/register?utm_source=mail', ['invitationId'])).toEqual({ kept: true });
  });

  it('drops it when the link names another page (an invitation), so React never meets the wrong markup', () => {
    expect(paintAt('/register?invitationId=3f1c', ['invitationId', 'invitation'])).toEqual({ kept: false });
    expect(paintAt('/register?invitation=3f1c', ['invitationId', 'invitation'])).toEqual({ kept: false });
  });

  it('drops it for a signed-in visitor and for another language', () => {
    localStorage.setItem('language', 'tr');
    expect(paintAt('/register')).toEqual({ kept: false });
  });
});
