/**
 * Stripe's SDK, loaded by the first payment, webhook or embedded checkout that needs it rather
 * than when the API's modules load: most processes and nearly every API test never take a
 * payment, and the SDK costs ≈ 0.26 CPU s to load (docs/benchmarks.md, "Session 16: the API's
 * rarely used libraries on first use").
 */
export const stripeSdk = async () => (await import('stripe')).default;
