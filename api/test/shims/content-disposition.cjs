// Jest (on Node 20) cannot require() the ESM-only content-disposition@3 that @fastify/static uses.
// Only reply.download() uses it and the API never calls that; this keeps the module loadable.
const safe = (name) => String(name).replace(/[^\x20-\x7e]|["\\]/g, '_');
module.exports = {
  create: (filename, options = {}) =>
    `${options.type || 'attachment'}${filename ? `; filename="${safe(filename)}"` : ''}`,
  parse: () => ({ type: 'attachment', parameters: {} }),
};
