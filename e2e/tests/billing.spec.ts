import { expect, test, type Page } from '../support/test';
import { mailedLink, pathOf } from '../support/mail';
import { login, registerCompany, signInWithToken } from '../support/session';

// Issue 5 in the browser, on the embedded checkout (no network): pricing, paying with Stripe's
// test cards, the Pro badge without a new sign-in, a declined card, cancel, limits.

async function signInAsNewOwner(page: Page) {
  const company = await registerCompany(page.request);
  const { token, user } = await login(page.request, company.userName, company.password);
  await signInWithToken(page, token, user);
  return { company, token };
}

async function subscription(page: Page, token: string) {
  const res = await page.request.get('/api/subscription/current', { headers: { authorization: `Bearer ${token}` } });
  return (await res.json()) as { status: number; plan: { planType: number }; billingInterval: string | null };
}

async function fillCard(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiration (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Ada Owner');
}

/** From the shell's Go Premium to the embedded checkout for Premium yearly. */
async function openYearlyCheckout(page: Page) {
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Go Premium' }).click();
  await expect(page).toHaveURL(/\/premium-purchase/);
  await expect(page.getByText('Cancel anytime • 30-day money back guarantee')).toBeVisible();
  await page.getByRole('button', { name: /^Yearly/ }).click();
  await expect(page.getByTestId('purchase-price')).toHaveText('$290');
  await expect(page.getByTestId('discount-badge')).toHaveText('Save 17%');
  await page.getByRole('button', { name: 'Pay $290' }).click();
  await expect(page).toHaveURL(/\/api\/billing\/checkout\/[0-9a-f-]+$/);
  await expect(page.getByText('$290.00', { exact: true })).toBeVisible();
}

test('/pricing: plans from the API, monthly/yearly, the yearly badge, add-ons; choosing Premium leads through registration back to the purchase', async ({
  page,
}) => {
  await page.goto('/pricing');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Simple pricing that grows with you');
  const premium = page.getByRole('article', { name: 'Premium' });
  await expect(premium.getByRole('heading', { name: 'Premium' })).toBeVisible();
  // Both prices are in the page (its switch works before the app runs); one is shown.
  const price = premium.getByTestId('plan-price').filter({ visible: true });
  await expect(price).toHaveText('$290');
  await expect(premium.getByTestId('discount-badge')).toHaveText('Save 17%');
  await expect(premium.getByText('You save $58 a year')).toBeVisible();
  // As a visitor does: the switch's visible word (its radio is hidden from sight, not from the keyboard).
  await page.getByText('Monthly', { exact: true }).click();
  await expect(page.getByRole('radio', { name: 'Monthly' })).toBeChecked();
  await expect(price).toHaveText('$29');
  await expect(premium.getByTestId('discount-badge')).toBeHidden();
  await expect(page.getByText('Extra Users (5 seats)')).toBeVisible();

  await premium.getByRole('button', { name: 'Choose Premium' }).click();
  await expect(page).toHaveURL(/\/register$/);
  const kept = await page.evaluate(() => JSON.parse(sessionStorage.getItem('stockwise.planSelection') ?? 'null'));
  expect(kept).toMatchObject({
    name: 'Premium',
    selectedBilling: 'monthly',
    billingInterval: 'month',
    monthly: { actualPrice: 2900 },
  });

  // Registering (and signing in once the email is verified) brings the new owner back to the
  // purchase they chose, not to the dashboard.
  const id = Date.now().toString(36);
  await page.getByLabel('Company name').fill(`Pricing Visitors ${id}`);
  await page.getByLabel('Industry').fill('Retail');
  await page.getByLabel('Phone').fill('+1 555 0100');
  await page.getByLabel('First name').fill('Vera');
  await page.getByLabel('Last name').fill('Visitor');
  await page.getByLabel('User name').fill(`vera_${id}`);
  await page.getByLabel('Email').fill(`vera_${id}@example.com`);
  await page.getByLabel('Password', { exact: true }).fill('correct horse battery');
  await page.getByLabel('Confirm password').fill('correct horse battery');
  await page.getByRole('button', { name: 'Create company' }).click();
  // Issue 8: the owner verifies the email (here in a second tab, as from a mail client), then signs in here.
  await expect(page.getByRole('status')).toContainText('Check your email');
  const mailTab = await page.context().newPage();
  await mailTab.goto(pathOf(await mailedLink(page.request, `vera_${id}@example.com`, '/verify-email')));
  await expect(mailTab.getByRole('status')).toContainText('Email verified');
  await mailTab.close();
  await page.getByRole('link', { name: 'Go to sign in' }).click();
  await page.getByLabel('User name or email').fill(`vera_${id}`);
  await page.getByLabel('Password', { exact: true }).fill('correct horse battery');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/premium-purchase/);
  await expect(page.getByText('Cancel anytime • 30-day money back guarantee')).toBeVisible();
  await expect(page.getByTestId('purchase-price')).toHaveText('$29');
});

test('an owner buys Premium yearly with 4242 4242 4242 4242 and sees the Pro badge without signing in again', async ({
  page,
}) => {
  const { token } = await signInAsNewOwner(page);
  await openYearlyCheckout(page);
  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Pay $290.00' }).click();

  await expect(page).toHaveURL(/\/premium-purchase\?checkout=success/);
  await expect(page.getByText('Welcome to Premium! Your plan is active.')).toBeVisible();
  const header = page.getByRole('banner');
  await expect(header.getByText('Pro', { exact: true })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Go Premium' })).toHaveCount(0);
  expect(await subscription(page, token)).toMatchObject({ status: 0, billingInterval: 'year', plan: { planType: 1 } });

  // The owner's billing: plan, interval, renewal date, the payment; cancel at period end.
  await page.getByRole('link', { name: 'Plan & billing' }).click();
  await expect(page.getByTestId('billing-plan')).toHaveText('Premium');
  await expect(page.getByTestId('billing-interval')).toHaveText('Yearly');
  await expect(page.getByTestId('billing-renewal')).toContainText(String(new Date().getUTCFullYear() + 1));
  await expect(page.getByRole('table', { name: 'Payments' }).getByRole('cell', { name: '$290' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Checkouts' }).getByRole('cell', { name: 'Completed' })).toBeVisible();
  await expect(page.getByTestId('usage-Users')).toHaveText('1 of 25');
  await page.getByRole('button', { name: 'Cancel at period end' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel at period end' }).click();
  // The dialog says the same words while it fades out; the page's notice is what stays.
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.getByText(/Premium stays active until/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Keep Premium' })).toBeVisible();
  // Still Premium until the period ends.
  await expect(header.getByText('Pro', { exact: true })).toBeVisible();
});

test('a declined card (4000 0000 0000 0002) shows the decline and changes nothing', async ({ page }) => {
  const { token } = await signInAsNewOwner(page);
  await openYearlyCheckout(page);
  await fillCard(page, '4000 0000 0000 0002');
  await page.getByRole('button', { name: 'Pay $290.00' }).click();
  await expect(page.getByRole('alert')).toHaveText('Your card has been declined.');
  await expect(page).toHaveURL(/\/api\/billing\/checkout\/[0-9a-f-]+\/pay$/);
  expect(await subscription(page, token)).toMatchObject({ plan: { planType: 0 }, billingInterval: null });

  await page.goto('/dashboard');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Go Premium' })).toBeVisible();
  await expect(page.getByRole('banner').getByText('Pro', { exact: true })).toHaveCount(0);
});

test('cancel on the checkout returns to pricing and changes nothing', async ({ page }) => {
  const { token } = await signInAsNewOwner(page);
  await openYearlyCheckout(page);
  await page.getByRole('button', { name: /Cancel and return to Stockwise/ }).click();
  await expect(page).toHaveURL(/\/premium-purchase\?checkout=canceled$/);
  await expect(page.getByText(/Checkout canceled\. Nothing was charged/)).toBeVisible();
  await expect(page.getByRole('article', { name: 'Premium' })).toBeVisible();
  expect((await subscription(page, token)).plan.planType).toBe(0);
});

test('an owner hits the users limit, buys the Extra Users add-on, and the limit is lifted', async ({ page }) => {
  await signInAsNewOwner(page);
  await page.goto('/test-subscription-limit');
  await expect(page.getByTestId('usage-Users')).toHaveText('1 of 3');
  const invite = async (email: string) => {
    await page.getByLabel('Invite by email').fill(email);
    await page.getByRole('button', { name: 'Send invitation' }).click();
  };
  await invite(`a${Date.now()}@example.com`);
  await expect(page.getByTestId('usage-Users')).toHaveText('2 of 3');
  await invite(`b${Date.now()}@example.com`);
  await expect(page.getByTestId('usage-Users')).toHaveText('3 of 3');
  await invite(`c${Date.now()}@example.com`);
  await expect(page.getByRole('alert').filter({ hasText: 'Plan limit reached' })).toContainText('Extra Users add-on');

  await page.getByRole('button', { name: /Buy Extra Users/ }).click();
  await fillCard(page, '4242424242424242');
  await page.getByRole('button', { name: 'Pay $10.00' }).click();
  await expect(page).toHaveURL(/\/test-subscription-limit\?checkout=success/);
  await expect(page.getByTestId('usage-Users')).toHaveText('3 of 8');
  await invite(`d${Date.now()}@example.com`);
  await expect(page.getByTestId('usage-Users')).toHaveText('4 of 8');
});

test('/test-subscription-limit signed out shows the plans’ limits', async ({ page }) => {
  await page.goto('/test-subscription-limit');
  await expect(page.getByRole('heading', { level: 1, name: 'Plan limits' })).toBeVisible();
  await expect(page.getByRole('row', { name: /Premium 25 20/ })).toBeVisible();
  await expect(page.getByRole('row', { name: /Free 3 1/ })).toBeVisible();
});

test('with the embedded checkout stand-in, no page loads the Stripe chunk or Stripe.js — the purchase page included', async ({
  page,
}) => {
  // Only Stripe's form chunks name Stripe.js's address (@stripe/stripe-js's loader).
  const stripeScripts: string[] = [];
  const reads: Promise<void>[] = [];
  page.on('response', (response) => {
    const url = response.url();
    if (!/\.js(\?|$)/.test(url)) return;
    if (url.includes('stripe.com')) stripeScripts.push(url);
    reads.push(
      response
        .text()
        .then((body) => {
          if (body.includes('https://js.stripe.com')) stripeScripts.push(url);
        })
        .catch(() => undefined),
    );
  });
  for (const path of ['/', '/login', '/pricing']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
  await signInAsNewOwner(page);
  await page.goto('/premium-purchase?plan=00000000-0000-4000-8000-000000000002&billing=yearly');
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/api\/billing\/checkout\/[0-9a-f-]+$/);
  await Promise.all(reads);
  expect(stripeScripts).toEqual([]);
});
