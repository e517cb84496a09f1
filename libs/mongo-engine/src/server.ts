// TCP server: frames bytes into messages per connection, runs them in order, writes replies.
// A bad message gets an error reply; a bad frame (impossible length) also closes that connection only.
import * as net from 'node:net';
import { getHeapStatistics } from 'node:v8';
import { CommandError, errorReply } from './errors';
import { EngineContext, MAX_MESSAGE_SIZE, runCommand } from './commands';
import { IDLE_GC_MS, IdleCollector, exposedGc } from './idle-gc';
import { HEADER_SIZE, OP_QUERY, encodeReply, parseRequest, readHeader, releaseBuffer } from './wire';

const heapUsed = () => getHeapStatistics().used_heap_size;

export class WireServer {
  readonly server: net.Server;
  private readonly sockets = new Set<net.Socket>();
  private nextConnectionId = 1;
  /** a full GC once traffic stops after a burst (idle-gc.ts) */
  private readonly idle = new IdleCollector(exposedGc());
  private readonly idleTimer: NodeJS.Timeout | null;

  constructor(
    private readonly engine: EngineContext,
    private readonly log: (msg: string) => void,
  ) {
    this.server = net.createServer((s) => this.accept(s));
    this.server.on('error', (e) => this.log(`server error: ${e.message}`));
    this.idleTimer = this.idle.enabled
      ? setInterval(() => this.idle.tick(Date.now(), heapUsed), IDLE_GC_MS / 2)
      : null;
    this.idleTimer?.unref();
  }

  get connectionCount(): number {
    return this.sockets.size;
  }

  listen(port: number, host: string): Promise<number> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, host, () => {
        this.server.off('error', reject);
        resolve((this.server.address() as net.AddressInfo).port);
      });
    });
  }

  async close(): Promise<void> {
    if (this.idleTimer) clearInterval(this.idleTimer);
    const closed = new Promise<void>((r) => this.server.close(() => r()));
    for (const s of this.sockets) s.destroy();
    await closed;
  }

  private accept(socket: net.Socket): void {
    const connectionId = this.nextConnectionId++;
    const remote = `${socket.remoteAddress}:${socket.remotePort}`;
    this.sockets.add(socket);
    socket.setNoDelay(true);
    let chunks: Buffer[] = [];
    let buffered = 0;
    let chain: Promise<void> = Promise.resolve();
    let pendingMessages = 0;
    let dead = false;

    // a reply is its own buffer (encodeReply): once the socket is done with it, its memory goes back at once
    const write = (buf: Buffer) => {
      this.idle.note(buf.length);
      if (!dead && !socket.destroyed) socket.write(buf, () => releaseBuffer(buf));
    };
    const fail = (requestId: number, opCode: number, message: string) => {
      // The frame is unusable: answer once (so a client sees why) and drop just this connection.
      write(
        encodeReply(
          { kind: opCode === OP_QUERY ? 'query' : 'msg', requestId },
          new CommandError('BadValue', message).toReply(),
        ),
      );
      dead = true;
      socket.end();
      setTimeout(() => socket.destroy(), 1000).unref();
    };

    const handle = async (msg: Buffer): Promise<void> => {
      const header = readHeader(msg);
      let req;
      try {
        req = parseRequest(msg);
      } catch (e) {
        write(
          encodeReply(
            { kind: header.opCode === OP_QUERY ? 'query' : 'msg', requestId: header.requestId },
            errorReply(e, 'message'),
          ),
        );
        return;
      }
      const reply = await runCommand(this.engine, req.db, req.command, { db: req.db, connectionId, remote });
      if (req.moreToCome) return;
      const to = { kind: req.kind, requestId: req.header.requestId };
      let bytes: Buffer;
      try {
        bytes = encodeReply(to, reply);
        if (bytes.length > MAX_MESSAGE_SIZE)
          throw new Error(`reply of ${bytes.length} bytes exceeds ${MAX_MESSAGE_SIZE}`);
      } catch (e) {
        const name = Object.keys(req.command)[0] ?? 'command';
        bytes = encodeReply(
          to,
          new CommandError(
            'BSONObjectTooLarge',
            `${name}: the reply could not be sent: ${(e as Error).message}`,
          ).toReply(),
        );
      }
      write(bytes);
    };

    socket.on('data', (data: Buffer) => {
      try {
        onData(data);
      } catch (e) {
        // a framing bug must cost this connection only, never the process
        this.log(`connection ${connectionId}: dropped after unexpected error: ${(e as Error).message}`);
        dead = true;
        socket.destroy();
      }
    });

    const onData = (data: Buffer) => {
      if (dead) return;
      this.idle.note(data.length);
      chunks.push(data);
      buffered += data.length;
      while (buffered >= 4 && !dead) {
        // join chunks only to read a header or once a whole message is here (no quadratic copying)
        if (chunks[0].length < Math.min(buffered, HEADER_SIZE)) chunks = [Buffer.concat(chunks)];
        const head = chunks[0];
        const length = head.readInt32LE(0);
        if (length < HEADER_SIZE || length > MAX_MESSAGE_SIZE) {
          const requestId = head.length >= 8 ? head.readInt32LE(4) : 0;
          const opCode = head.length >= 16 ? head.readInt32LE(12) : 0;
          fail(
            requestId,
            opCode,
            `invalid message length ${length} (must be between ${HEADER_SIZE} and ${MAX_MESSAGE_SIZE} bytes)`,
          );
          return;
        }
        if (buffered < length) break;
        let all = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks);
        const msg = all.subarray(0, length);
        all = all.subarray(length);
        chunks = all.length ? [all] : [];
        buffered = all.length;
        pendingMessages++;
        if (pendingMessages > 64) socket.pause(); // back-pressure on clients that pipeline without reading
        chain = chain
          .then(() => handle(Buffer.from(msg)))
          .catch((e) => this.log(`connection ${connectionId}: ${(e as Error).message}`))
          .finally(() => {
            pendingMessages--;
            if (pendingMessages <= 16 && socket.isPaused()) socket.resume();
          });
      }
    };
    socket.on('error', () => socket.destroy());
    socket.on('close', () => {
      dead = true;
      this.sockets.delete(socket);
    });
  }
}
