import { createServer, connect, type Server, type Socket } from 'node:net';

/**
 * A TCP relay to the test's PostgreSQL server on a port of its own: a "host" of a multi-host
 * connection string, or a standby's address, that can die (every connection cut) and come back,
 * and counts the connections made through it.
 */
export class Relay {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  connections = 0;
  constructor(
    readonly port: number,
    private readonly target: URL,
  ) {}
  async up() {
    this.server = createServer((client) => {
      this.connections++;
      const upstream = connect(Number(this.target.port || 5432), this.target.hostname);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => undefined);
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((r) => this.server!.listen(this.port, '127.0.0.1', () => r()));
  }
  async down() {
    const closed = new Promise<void>((r) => (this.server ? this.server.close(() => r()) : r()));
    for (const s of this.sockets) s.destroy();
    await closed;
    this.server = null;
  }
  /** This relay's address in a copy of the target's URL (same user, password and database). */
  url(query = '') {
    const auth = this.target.username
      ? `${this.target.username}${this.target.password ? `:${this.target.password}` : ''}@`
      : '';
    return `postgres://${auth}127.0.0.1:${this.port}${this.target.pathname}${query}`;
  }
}
