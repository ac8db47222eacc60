// Ambient types for the browser apps: build-time constants (rspack.base.js DefinePlugin) and
// asset imports handled by the bundler.
// Defined: STOCKWISE_RELEASE, STOCKWISE_API_URL, STOCKWISE_SUPABASE_URL, STOCKWISE_SUPABASE_ANON_KEY.
declare const process: { env: Record<string, string | undefined> };
declare module '*.css';
declare module '*.svg' {
  const url: string;
  export default url;
}
declare module '*.png' {
  const url: string;
  export default url;
}
declare module '*.wasm' {
  const url: string;
  export default url;
}
