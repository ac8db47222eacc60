// Jest set-up: this suite hashes passwords at the test-only cost (src/lib/passwords.ts,
// passwordHashing; docs/decisions.md, "Password hashing at a lower cost in the API's tests").
// PASSWORD_HASH_COST=owasp in the environment runs it at the production cost instead.
process.env.PASSWORD_HASH_COST ??= 'test';
