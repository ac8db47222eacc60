// `zod` as every browser build sees it (rspack.base.js aliases it here): the same package, with its
// JIT off. Zod's first parse probes `new Function('')` to see whether it may compile validators;
// the Content-Security-Policy (scripts/lib/csp.mjs) forbids that, so the probe would only fail
// and be reported as a violation on every form.
import * as z from 'zod-without-config';

z.config({ jitless: true });

export * from 'zod-without-config';
export { z, z as default };
