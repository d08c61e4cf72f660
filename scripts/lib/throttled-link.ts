// A slow link between a browser and the server, as a TCP proxy on the loopback interface: one shared
// downlink and uplink of given bit rates with a one-way delay each, as a 2G village connection is shared by
// everything the phone fetches (the page and its service worker alike). Counts the bytes that cross it (as they
// arrive at the far end), and can be cut (every connection dropped, new ones refused) and restored.
import net from 'node:net';

export interface LinkOptions {
  /** Server → browser, bits per second. */
  downBitsPerSecond: number;
  /** Browser → server, bits per second. */
  upBitsPerSecond: number;
  /** Round-trip time added by the link, ms (half each way). */
  roundTripMs: number;
}

export interface ThrottledLink {
  /** Where the browser connects. */
  url: string;
  /** Bytes that crossed the link each way so far (headers and bodies, as sent). */
  bytes(): { down: number; up: number };
  resetCounts(): void;
  /** The signal is lost: open connections drop, bytes still on their way never arrive, new ones are refused. */
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

/** A TCP segment's payload on a typical link (1500-byte packets). */
const SEGMENT_BYTES = 1460;

/** One direction of the link: chunks queue behind each other at the link's rate, then travel the delay. */
class Direction {
  private freeAt = 0;
  private epoch = 0;
  total = 0;

  constructor(
    private readonly bitsPerSecond: number,
    private readonly delayMs: number,
  ) {}

  /**
   * Delivers `chunk` through `deliver` when it would have arrived, a segment at a time as a real link does (so a
   * cut keeps what had arrived and drops the rest); order is kept.
   */
  send(chunk: Buffer, deliver: (chunk: Buffer) => void): void {
    if (chunk.length > SEGMENT_BYTES) {
      for (let start = 0; start < chunk.length; start += SEGMENT_BYTES)
        this.send(chunk.subarray(start, start + SEGMENT_BYTES), deliver);
      return;
    }
    const now = performance.now();
    const start = Math.max(now, this.freeAt);
    this.freeAt = start + (chunk.length * 8 * 1000) / this.bitsPerSecond;
    const epoch = this.epoch;
    setTimeout(
      () => {
        if (epoch !== this.epoch) return;
        this.total += chunk.length;
        deliver(chunk);
      },
      this.freeAt + this.delayMs - now,
    );
  }

  /** Drops what is still on its way. */
  cut(): void {
    this.epoch += 1;
    this.freeAt = 0;
  }
}

export function throttledLink(
  target: { host: string; port: number },
  options: LinkOptions,
): Promise<ThrottledLink> {
  const oneWay = options.roundTripMs / 2;
  const down = new Direction(options.downBitsPerSecond, oneWay);
  const up = new Direction(options.upBitsPerSecond, oneWay);
  const sockets = new Set<net.Socket>();
  let refusing = false;
  const server = net.createServer((client) => {
    if (refusing) {
      client.destroy();
      return;
    }
    const upstream = net.connect(target.port, target.host);
    sockets.add(client).add(upstream);
    // Ends and errors travel behind the data already queued, as they would on a real link.
    client.on('data', (chunk) => up.send(chunk, (data) => upstream.writable && upstream.write(data)));
    upstream.on('data', (chunk) => down.send(chunk, (data) => client.writable && client.write(data)));
    client.on('end', () => up.send(Buffer.alloc(0), () => upstream.end()));
    upstream.on('end', () => down.send(Buffer.alloc(0), () => client.end()));
    const drop = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address() as net.AddressInfo;
      resolve({
        url: `http://127.0.0.1:${address.port}`,
        bytes: () => ({ down: down.total, up: up.total }),
        resetCounts: () => {
          down.total = 0;
          up.total = 0;
        },
        cut: () => {
          refusing = true;
          down.cut();
          up.cut();
          for (const socket of sockets) socket.destroy();
        },
        restore: () => {
          refusing = false;
        },
        close: () =>
          new Promise<void>((done) => {
            for (const socket of sockets) socket.destroy();
            server.close(() => done());
          }),
      });
    });
  });
}
