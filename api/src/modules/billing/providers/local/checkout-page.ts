// The embedded checkout page (local adapter): plain HTML, no scripts or outside assets, so it
// works offline and without JavaScript. Every value is escaped.

import { escapeHtml as esc, htmlPage } from '../../../../lib/html.js';

export const money = (cents: number, currency = 'usd') =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);

export interface CheckoutView {
  id: string;
  description: string;
  amountCents: number;
  currency: string;
  interval: 'month' | 'year';
  status: 'open' | 'completed' | 'canceled' | 'expired';
  /** The paid plan the company already has (an open plan checkout it no longer needs), or null. */
  coveredBy: string | null;
  customerEmail: string | null;
  successUrl: string;
  cancelUrl: string;
}

export interface FormState {
  values?: { cardNumber?: string; expiry?: string; cvc?: string; name?: string };
  error?: { message: string; field: string } | null;
}

const STYLE = `
*{box-sizing:border-box}body{margin:0;font-family:Roboto,system-ui,-apple-system,"Segoe UI",sans-serif;color:#1a1f36;background:#f6f9fc}
main{display:flex;flex-wrap:wrap;min-height:100vh}
.summary{flex:1 1 360px;padding:48px 40px;background:#fff;border-right:1px solid #e3e8ee}
.pay{flex:1 1 380px;padding:48px 40px;max-width:560px}
.test{display:inline-block;background:#ffde92;color:#6b4b00;font-size:12px;font-weight:700;border-radius:4px;padding:2px 8px;margin-left:8px;vertical-align:middle}
h1{font-size:20px;margin:0 0 4px}h2{font-size:16px;margin:0 0 16px}
.amount{font-size:36px;font-weight:700;margin:24px 0 4px}.muted{color:#697386;font-size:14px}
label{display:block;font-size:13px;font-weight:600;color:#3c4257;margin:14px 0 6px}
input{width:100%;padding:10px 12px;font-size:16px;border:1px solid #cfd7df;border-radius:6px;background:#fff}
input[aria-invalid=true]{border-color:#df1b41}
.row{display:flex;gap:12px;align-items:flex-end}.row>div{flex:1}
.error{margin:16px 0 0;padding:12px;border-radius:6px;background:#fde8ec;color:#a4112e;font-size:14px}
button{font:inherit;cursor:pointer;border-radius:6px}
.primary{width:100%;margin-top:22px;padding:12px;border:0;background:#0570de;color:#fff;font-size:16px;font-weight:600}
.link{border:0;background:none;color:#0570de;padding:0;font-size:14px}
.cards{margin-top:28px;font-size:13px;color:#697386;line-height:1.6}code{font-size:12px;background:#eef2f7;padding:1px 4px;border-radius:3px}
a{color:#0570de}`;

const page = (title: string, body: string) => htmlPage({ title, style: STYLE, body });

/** Only an open checkout for something the company does not have yet takes a card. */
export const payable = (view: CheckoutView) => view.status === 'open' && !view.coveredBy;

export function renderCheckout(view: CheckoutView, form: FormState = {}): string {
  const per = view.interval === 'year' ? 'per year' : 'per month';
  const price = money(view.amountCents, view.currency);
  if (!payable(view)) {
    const text =
      view.status === 'completed'
        ? `This checkout is complete: ${esc(view.description)} is paid.`
        : view.status === 'canceled'
          ? 'This checkout was canceled. Nothing was charged.'
          : view.status === 'expired'
            ? 'This checkout has expired: a newer checkout was opened for this purchase, or it was left open for 24 hours. Nothing was charged.'
            : `Your company is already on ${esc(view.coveredBy)}: this checkout is not needed. Nothing was charged.`;
    const back = view.status === 'completed' ? view.successUrl : view.cancelUrl;
    return page(
      'Checkout — Stockwise',
      `<main><section class="pay"><h1>Stockwise checkout</h1><p role="status">${text}</p><p><a href="${esc(back)}">Return to Stockwise</a></p></section></main>`,
    );
  }
  const v = form.values ?? {};
  const err = form.error ?? null;
  const invalid = (field: string) => (err?.field === field ? ' aria-invalid="true" aria-describedby="card-error"' : '');
  return page(
    `Pay ${price} — Stockwise`,
    `<main>
<section class="summary" aria-label="Order summary">
  <form method="post" action="/api/billing/checkout/${esc(view.id)}/cancel"><button class="link" type="submit">← Cancel and return to Stockwise</button></form>
  <p class="muted" style="margin-top:28px">Subscribe to ${esc(view.description)}<span class="test">TEST MODE</span></p>
  <p class="amount">${price}</p><p class="muted">${per}</p>
  <p class="muted">Cancel anytime • 30-day money back guarantee</p>
</section>
<section class="pay">
  <h1>Pay with card</h1>
  ${view.customerEmail ? `<p class="muted">Email: ${esc(view.customerEmail)}</p>` : ''}
  <form method="post" action="/api/billing/checkout/${esc(view.id)}/pay" novalidate>
    <label for="cardNumber">Card number</label>
    <input id="cardNumber" name="cardNumber" inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" maxlength="23" value="${esc(v.cardNumber)}"${invalid('cardNumber')}>
    <div class="row">
      <div><label for="expiry">Expiration (MM / YY)</label>
      <input id="expiry" name="expiry" autocomplete="cc-exp" placeholder="MM / YY" maxlength="9" value="${esc(v.expiry)}"${invalid('expiry')}></div>
      <div><label for="cvc">CVC</label>
      <input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="CVC" maxlength="4" value="${esc(v.cvc)}"${invalid('cvc')}></div>
    </div>
    <label for="name">Name on card</label>
    <input id="name" name="name" autocomplete="cc-name" maxlength="100" value="${esc(v.name)}"${invalid('name')}>
    ${err ? `<div class="error" id="card-error" role="alert">${esc(err.message)}</div>` : ''}
    <button class="primary" type="submit">Pay ${price}</button>
  </form>
  <div class="cards"><strong>Test cards</strong> (any future date, any CVC):<br>
  <code>4242 4242 4242 4242</code> pays · <code>4000 0000 0000 0002</code> is declined ·
  <code>4000 0000 0000 9995</code> insufficient funds</div>
</section>
</main>`,
  );
}
