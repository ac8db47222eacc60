import fp from 'fastify-plugin';

type Property = { type?: string; anyOf?: Property[] };

/**
 * A query string is text: `?limit=20` arrives as "20". Bodies are never coerced (a JSON 20 and "20"
 * differ), but a query field its schema declares as an integer or number is turned into one here,
 * before validation, when — and only when — it is written as a plain decimal number.
 */
export const queryStringPlugin = fp(
  async (app) => {
    app.addHook('preValidation', async (request) => {
      const schema = request.routeOptions.schema?.querystring as { properties?: Record<string, Property> } | undefined;
      const query = request.query as Record<string, unknown> | undefined;
      if (!schema?.properties || !query) return;
      for (const [key, prop] of Object.entries(schema.properties)) {
        const value = query[key];
        if (typeof value !== 'string') continue;
        if (prop.type === 'integer' && /^-?\d{1,15}$/.test(value)) query[key] = Number(value);
        else if (prop.type === 'number' && /^-?\d{1,15}(\.\d{1,15})?$/.test(value)) query[key] = Number(value);
      }
    });
  },
  { name: 'query-string' },
);
