import { createRequire } from 'node:module';
import type { FastifyInstance } from 'fastify';

/**
 * The API's own test suite only: each route's validators (ajv) and response serializers
 * (fast-json-stringify) are compiled on the route's first use instead of when the app starts.
 * Compiling every route's schemas is most of building an app (≈ 1.3 of its ≈ 1.7 CPU s), and each
 * Jest test file builds its own app but calls a handful of its ~200 routes.
 *
 * The compilers are Fastify's own defaults (its `@fastify/ajv-compiler` and
 * `@fastify/fast-json-stringify-compiler`, given the app's ajv options), so a route validates and
 * serializes exactly as it does in production; only when the compiling happens moves. A route
 * with a header schema keeps Fastify's own path: Fastify lower-cases a header schema's names
 * before compiling it, but not for a route that brings its own compiler.
 *
 * Taken only when NODE_ENV is exactly `test` and SCHEMA_COMPILE is `on-first-use` (set by the Jest
 * set-up, test/schema-compile.ts). Production, development and the browser suite compile every
 * schema at start-up, so a schema that cannot compile still stops the app there (the API's
 * `test/production.test.ts` starts the production build; docs/decisions.md).
 */
export function compileSchemasOnFirstUse(
  app: FastifyInstance,
  ajv: { customOptions: object },
  env: NodeJS.ProcessEnv = process.env,
): void {
  if (env.NODE_ENV !== 'test' || env.SCHEMA_COMPILE !== 'on-first-use') return;
  const fromFastify = createRequire(createRequire(import.meta.url).resolve('fastify'));
  const validators = (fromFastify('@fastify/ajv-compiler') as () => Factory)();
  const serializers = (fromFastify('@fastify/fast-json-stringify-compiler') as () => Factory)();
  // Fastify's own defaulting of the `ajv` server option.
  const ajvOptions = { plugins: [], ...ajv };
  app.addHook('onRoute', function (route) {
    const schema = route.schema as { headers?: unknown } | undefined;
    if (!schema) return;
    if (!route.validatorCompiler && schema.headers === undefined)
      route.validatorCompiler = onFirstUse(validators(this.getSchemas(), ajvOptions)) as never;
    if (!route.serializerCompiler)
      route.serializerCompiler = onFirstUse(serializers(this.getSchemas(), undefined)) as never;
  });
}

type Compiled = ((...args: unknown[]) => unknown) & { errors?: unknown };
type Compiler = (route: object) => Compiled;
type Factory = (externalSchemas: unknown, options: unknown) => Compiler;

/** A compiler whose functions stand in for the real ones, compiled when first called. */
function onFirstUse(compile: Compiler): Compiler {
  return (route) => {
    let real: Compiled | undefined;
    const standIn: Compiled = (...args) => {
      real ??= compile(route);
      const result = real(...args);
      // Fastify reads a validator's `errors` after a failed call: the stand-in carries the real one's.
      standIn.errors = real.errors;
      return result;
    };
    return standIn;
  };
}
