// Build-time constants, replaced by rspack's DefinePlugin (rspack.base.js) and read from the
// real environment under Jest.
declare const process: { env: Record<string, string | undefined> };
