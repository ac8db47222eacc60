// Jest set-up: this suite compiles each route's schemas on the route's first use, not at app start
// (src/lib/lazy-schemas.ts; docs/decisions.md, "Route schemas compiled on first use in the API's
// tests"). SCHEMA_COMPILE=at-start in the environment compiles them all at start-up instead.
process.env.SCHEMA_COMPILE ??= 'on-first-use';
