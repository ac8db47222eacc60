/**
 * The embedded checkout follows Stripe's test cards (https://docs.stripe.com/testing), with
 * Stripe's own decline messages. Any other number that passes the Luhn check is declined as a
 * real card used in test mode; one that fails it is "incorrect".
 */
export type CardOutcome =
  { paid: true } | { paid: false; code: string; message: string; field: 'cardNumber' | 'expiry' | 'cvc' | 'name' };

const DECLINES: Record<string, { code: string; message: string; field?: 'cvc' | 'expiry' }> = {
  '4000000000000002': { code: 'card_declined', message: 'Your card has been declined.' },
  '4000000000009995': { code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  '4000000000009987': { code: 'lost_card', message: 'Your card has been declined.' },
  '4000000000000069': { code: 'expired_card', message: 'Your card has expired.', field: 'expiry' },
  '4000000000000127': { code: 'incorrect_cvc', message: "Your card's security code is incorrect.", field: 'cvc' },
  '4000000000000119': {
    code: 'processing_error',
    message: 'An error occurred while processing your card. Try again in a little bit.',
  },
};
const PAYS = new Set([
  '4242424242424242',
  '4000056655665556',
  '5555555555554444',
  '2223003122003222',
  '5200828282828210',
  '378282246310005',
  '6011111111111117',
]);

export function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export interface CardInput {
  cardNumber: string;
  expiry: string;
  cvc: string;
  name: string;
}

/** Decides what the card does, checking the form the way Stripe Checkout does. */
export function chargeTestCard(card: CardInput, now = new Date()): CardOutcome {
  const number = card.cardNumber.replace(/[\s-]/g, '');
  if (!/^\d{13,19}$/.test(number) || !luhn(number)) {
    return { paid: false, code: 'incorrect_number', message: 'Your card number is incorrect.', field: 'cardNumber' };
  }
  const exp = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(card.expiry);
  const month = exp ? Number(exp[1]) : 0;
  const year = exp ? Number(exp[2]!.length === 2 ? `20${exp[2]}` : exp[2]) : 0;
  if (!exp || month < 1 || month > 12) {
    return {
      paid: false,
      code: 'invalid_expiry',
      message: "Your card's expiration date is incomplete.",
      field: 'expiry',
    };
  }
  if (year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1)) {
    return {
      paid: false,
      code: 'invalid_expiry_year_past',
      message: "Your card's expiration year is in the past.",
      field: 'expiry',
    };
  }
  if (!/^\d{3,4}$/.test(card.cvc.trim())) {
    return { paid: false, code: 'incomplete_cvc', message: "Your card's security code is incomplete.", field: 'cvc' };
  }
  if (!card.name.trim())
    return { paid: false, code: 'incomplete_name', message: 'Enter the name on your card.', field: 'name' };
  const decline = DECLINES[number];
  if (decline)
    return { paid: false, code: decline.code, message: decline.message, field: decline.field ?? 'cardNumber' };
  if (PAYS.has(number)) return { paid: true };
  return {
    paid: false,
    code: 'card_declined',
    message: 'Your card was declined. This checkout is in test mode: use a test card such as 4242 4242 4242 4242.',
    field: 'cardNumber',
  };
}
