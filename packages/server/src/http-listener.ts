import type { Server as HttpServer, ServerResponse } from 'node:http';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** Long enough for a request already on its way to be read once the event loop is free. */
const QUIET_MS = 250;
const LOOK_MS = 20;

/**
 * The listening socket, kept apart from the HTTP server (accepted connections are handed to it
 * through its documented 'connection' event), so that the server stops in the right order:
 * first no new connection is accepted; then every request that reached the server is answered
 * (while draining each answer says `connection: close`, and once closing Fastify answers new
 * requests 503 at once); only when nothing is in progress and every connection left has been
 * quiet for QUIET_MS are they closed. Node's http `server.close()` stops accepting and closes
 * idle keep-alive connections in one step: on SQLite, whose calls hold the event loop, requests
 * waiting unread in such connections, or in connections just accepted, were reset unanswered.
 */
export class HttpListener {
  private readonly listener: Server;
  private readonly quietSince = new Map<Socket, number>();
  private readonly inProgress = new Set<ServerResponse>();

  /** Made before the app is ready: it adds a preClose hook (after the live streams' one). */
  constructor(
    private readonly app: FastifyInstance,
    maxSettleMs: number,
  ) {
    const http: HttpServer = app.server;
    this.listener = createServer((socket) => {
      this.quietSince.set(socket, performance.now());
      socket.on('close', () => this.quietSince.delete(socket));
      http.emit('connection', socket);
    });
    http.on('request', (request, response: ServerResponse) => {
      this.inProgress.add(response);
      response.on('close', () => {
        this.inProgress.delete(response);
        this.quietSince.set(request.socket as Socket, performance.now());
      });
    });
    // Before Fastify closes the HTTP server (which closes idle connections at once).
    app.addHook('preClose', async () => {
      const deadline = performance.now() + maxSettleMs;
      while (!this.isSettled() && performance.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, LOOK_MS));
      }
    });
  }

  /**
   * Listens (after the app is ready). The HTTP server is told it listens, so that Node starts
   * checking its requests against `requestTimeout` as it does on its own `listen`.
   */
  async listen(port: number, host: string): Promise<AddressInfo> {
    await this.app.ready();
    const address = await new Promise<AddressInfo>((resolve, reject) => {
      this.listener.once('error', reject);
      this.listener.listen(port, host, () => resolve(this.listener.address() as AddressInfo));
    });
    this.app.server.emit('listening');
    return address;
  }

  /**
   * Stops accepting, then closes the app: its hooks end the live streams and let what was
   * accepted finish (preClose above), then close the connections left.
   */
  async close(): Promise<void> {
    const stopped = new Promise<void>((resolve) => this.listener.close(() => resolve()));
    await this.app.close();
    this.app.server.closeAllConnections();
    await stopped;
  }

  private isSettled(): boolean {
    if (this.inProgress.size > 0) return false;
    const now = performance.now();
    for (const since of this.quietSince.values()) if (now - since < QUIET_MS) return false;
    return true;
  }
}
