/**
 * Stripe's SDK, loaded by the first payment, webhook or embedded checkout that needs it rather
 * than when the API's modules load: most processes and nearly every API test never take a
 * payment, and loading it is a quarter of a second of CPU (docs/benchmarks.md, CI time,
 * sessions 12 and 16).
 */
export const stripeSdk = async () => (await import('stripe')).default;
