// Sends raw bytes to a listening server over a TCP socket left open, and reads the answer or gives up after a time limit: what inject cannot show (a body that stops short).
import net from 'node:net';

export interface RawAnswer {
  status: number | null;
  headers: string;
  body: string;
  timedOut: boolean;
}

/** Writes `request` and waits for a whole answer (by Content-Length or the socket closing), at most `timeoutMs`. */
export function rawExchange(port: number, request: Buffer, timeoutMs: number): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    const chunks: Buffer[] = [];
    let settled = false;
    const finish = (timedOut: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      const headers = split === -1 ? text : text.slice(0, split);
      const status = /^HTTP\/1\.[01] (\d{3})/.exec(headers)?.[1];
      resolve({
        status: status ? Number(status) : null,
        headers,
        body: split === -1 ? '' : text.slice(split + 4),
        timedOut,
      });
    };
    const timer = setTimeout(() => finish(true), timeoutMs);
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      const text = Buffer.concat(chunks).toString('latin1');
      const split = text.indexOf('\r\n\r\n');
      if (split === -1) return;
      const head = text.slice(0, split);
      const body = text.slice(split + 4);
      const length = /\r\ncontent-length: *(\d+)/i.exec(head)?.[1];
      if (/^HTTP\/1\.[01] (1\d\d|204|304)/.test(head)) finish(false);
      else if (length !== undefined && body.length >= Number(length)) finish(false);
      else if (/\r\ntransfer-encoding: *chunked/i.test(head) && body.endsWith('0\r\n\r\n')) finish(false);
    });
    socket.on('end', () => finish(false));
    socket.on('error', () => finish(false));
    // The body is sent whole (Content-Length matches), and the socket stays open like a keep-alive client's.
    socket.write(request);
  });
}

/** An HTTP/1.1 request with a Content-Length that matches its body. */
export function httpRequest(
  method: string,
  path: string,
  headers: Record<string, string>,
  body: Buffer,
): Buffer {
  const lines = [`${method} ${path} HTTP/1.1`, 'Host: 127.0.0.1', `Content-Length: ${body.length}`];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  return Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'), body]);
}
