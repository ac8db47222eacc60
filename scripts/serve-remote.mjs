#!/usr/bin/env node
// Serves one built remote's dist/ on its own origin, with the CDN's cache headers:
//   node ../scripts/serve-remote.mjs dist 9001      (what `pnpm --filter mfe-billing serve` runs)
import { resolve } from 'node:path';
import { buildRemoteServer } from './gateway.mjs';

const dir = resolve(process.argv[2] || 'dist');
const port = Number(process.argv[3] || process.env.PORT || 9001);
const app = await buildRemoteServer(dir);
await app.listen({ port, host: '0.0.0.0' });
console.log(`Serving ${dir} at http://localhost:${port}/ (entry: /mf-manifest.json)`);
