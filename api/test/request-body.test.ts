import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { LINGER_MS, lingerAfterAnswer } from '../src/plugins/request-body.js';

// The lingering close after a refused body: a real connection is closed once the body has arrived
// or LINGER_MS has passed; an injected request (no real socket) is left alone, with no timer that
// would throw later.

function fakes(keepAlive = false, withSocket = true) {
  const socket = {
    ends: 0,
    end() {
      this.ends += 1;
    },
  };
  const req = Object.assign(new EventEmitter(), { socket: withSocket ? socket : {}, complete: false });
  const res = Object.assign(new EventEmitter(), { shouldKeepAlive: keepAlive });
  lingerAfterAnswer(req as unknown as IncomingMessage, res as unknown as ServerResponse);
  return { req, res, socket };
}

const lingered = () => new Promise((resolve) => setTimeout(resolve, LINGER_MS + 100));

test('a client that asked to close keeps its connection until its body has arrived, then it is closed', () => {
  const { req, res, socket } = fakes();
  expect(res.shouldKeepAlive).toBe(true);
  res.emit('finish');
  expect(socket.ends).toBe(0);
  req.emit('end');
  expect(socket.ends).toBe(1);
});

test('a body that never ends is cut off after the lingering time; a keep-alive client and an injected request are left as they are', async () => {
  const endless = fakes();
  endless.res.emit('finish');
  const keepAlive = fakes(true);
  keepAlive.res.emit('finish');
  const injected = fakes(false, false);
  expect(injected.res.shouldKeepAlive).toBe(false);
  injected.res.emit('finish');
  await lingered();
  expect(endless.socket.ends).toBe(1);
  expect(keepAlive.socket.ends).toBe(0);
});
