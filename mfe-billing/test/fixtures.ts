// What the API answers for a company on the Free Plan with nothing bought yet: the screens that
// offer add-ons read both.
export const FREE_USAGE = {
  planName: 'Free Plan',
  planType: 0,
  users: { used: 1, max: 3 },
  locations: { used: 0, max: 1 },
  storage: { used: 0, max: 100 * 1024 * 1024 },
};

export const freeOverview = (provider: string) => ({
  provider,
  subscription: {
    planName: 'Free Plan',
    planType: 0,
    status: 0,
    premium: false,
    billingInterval: null,
    currentPeriodEnd: null,
    cancelAtPeriodEnd: false,
    cancelReason: null,
  },
  addons: [],
  payments: [],
  checkouts: [],
});
