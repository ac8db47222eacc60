import fp from 'fastify-plugin';
import { assertJsonDepth } from '../lib/json-depth.js';
import { refuseNulCharacters } from '../lib/text-input.js';

/**
 * What every JSON body goes through before a route sees it: a nesting cap checked on the text
 * (so a 5,000-level document is a 400, not a stack overflow), Fastify's own parser with its
 * prototype-poisoning guard, and no NUL character anywhere in params, query or body.
 */
export const requestBodyPlugin = fp(
  async (app) => {
    const parse = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      try {
        assertJsonDepth(text);
      } catch (error) {
        done(error as Error, undefined);
        return;
      }
      parse(request, text, done);
    });
    app.addHook('preValidation', async (request) => {
      refuseNulCharacters(request.params);
      refuseNulCharacters(request.query);
      refuseNulCharacters(request.body);
    });
  },
  { name: 'request-body' },
);
