// The anchors of bench/lighthouse (ANCHORS=1): what Lighthouse reports on this machine, in the same
// run, for pages whose own work is known to be nothing or the same as ours, served by a bare Node
// server instead of the gateway:
//   /__anchor/minimal        a document of one heading, no CSS, no script;
//   /__anchor/copy/<route>   the exact bytes (and policy) the product sent for <route>, fetched once;
//                            every other request (its fonts, images, the prefetched app) is passed
//                            on to the product unchanged, so the page loads as it does there.
// A blocking time the minimal page shows too is the machine's (Chromium's, Lighthouse's and the
// servers' processes sharing the cores), not the page's.
import { createServer } from 'node:http';

const MINIMAL =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Anchor</title></head><body><h1>Anchor</h1></body></html>';

const copyPath = (route) => `/__anchor/copy${route === '/' ? '/root' : route}`;

export async function startAnchors(productUrl, routes, port) {
  const copies = new Map();
  for (const route of routes) {
    const response = await fetch(`${productUrl}${route}`, { headers: { accept: 'text/html' } });
    if (!response.ok) throw new Error(`${route} answered ${response.status}`);
    copies.set(copyPath(route), {
      body: Buffer.from(await response.arrayBuffer()),
      policy: response.headers.get('content-security-policy'),
    });
  }
  const server = createServer(async (req, res) => {
    if (req.url === '/__anchor/minimal') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' });
      return res.end(MINIMAL);
    }
    const copy = copies.get(req.url);
    if (copy) {
      res.writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-cache',
        ...(copy.policy ? { 'content-security-policy': copy.policy } : {}),
      });
      return res.end(copy.body);
    }
    // Anything else the copied page asks for, from the product, as it answered.
    try {
      const upstream = await fetch(`${productUrl}${req.url}`, {
        headers: { accept: req.headers.accept ?? '*/*', 'accept-encoding': req.headers['accept-encoding'] ?? '' },
      });
      const headers = {};
      for (const [name, value] of upstream.headers)
        if (!['content-length', 'content-encoding', 'transfer-encoding', 'connection'].includes(name))
          headers[name] = value;
      res.writeHead(upstream.status, headers);
      res.end(Buffer.from(await upstream.arrayBuffer()));
    } catch {
      res.writeHead(502).end();
    }
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://localhost:${port}`,
    minimal: '/__anchor/minimal',
    copyOf: copyPath,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
