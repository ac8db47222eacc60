// The anchors of bench/lighthouse (ANCHORS=1): what Lighthouse reports on this machine, in the same
// run, for pages whose own work is known to be nothing or the same as ours, served by a bare Node
// server instead of the gateway:
//   /__anchor/minimal        a document of one heading, no CSS, no script;
//   /__anchor/copy/<route>   the exact bytes the product sent for <route> (compressed as it sent
//                            them, with its policy), fetched once; every other request (its fonts,
//                            images, the prefetched app) is passed on to the product and its answer
//                            back byte for byte, so the page loads as it does there.
// A blocking time the minimal page shows too is the machine's (Chromium's, Lighthouse's and the
// servers' processes sharing the cores), not the page's.
import { createServer, request } from 'node:http';

const MINIMAL =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Anchor</title></head><body><h1>Anchor</h1></body></html>';

const copyPath = (route) => `/__anchor/copy${route === '/' ? '/root' : route}`;

/** One request to the product, its answer as it came: status, headers, body still encoded. */
function fromProduct(productUrl, path, headers) {
  return new Promise((resolve, reject) => {
    const req = request(new URL(path, productUrl), { headers }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** The headers of an answer passed on, without those of its connection. */
const passedOn = (headers) =>
  Object.fromEntries(
    Object.entries(headers).filter(([name]) => !['connection', 'keep-alive', 'transfer-encoding'].includes(name)),
  );

export async function startAnchors(productUrl, routes, port) {
  // Brotli, as Chromium asks for it: the copies are sent in the encoding the product chose.
  const copies = new Map();
  for (const route of routes) {
    const answer = await fromProduct(productUrl, route, {
      accept: 'text/html',
      'accept-encoding': 'gzip, deflate, br, zstd',
    });
    if (answer.status !== 200) throw new Error(`${route} answered ${answer.status}`);
    copies.set(copyPath(route), answer);
  }
  const server = createServer(async (req, res) => {
    if (req.url === '/__anchor/minimal') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' });
      return res.end(MINIMAL);
    }
    try {
      const answer =
        copies.get(req.url) ??
        (await fromProduct(productUrl, req.url, {
          accept: req.headers.accept ?? '*/*',
          'accept-encoding': req.headers['accept-encoding'] ?? '',
        }));
      res.writeHead(answer.status, passedOn(answer.headers));
      res.end(answer.body);
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
