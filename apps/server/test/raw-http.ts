import net from 'node:net';

/** One HTTP/1.1 answer as it came over the wire. */
export type RawAnswer = { status: number; headers: Record<string, string>; body: string };

const HEAD_END = Buffer.from('\r\n\r\n');

/**
 * A keep-alive HTTP/1.1 connection over a plain socket, for tests about what happens on the wire between requests:
 * requests are written byte for byte and answers are read one at a time, so a test sees whether the server answered a
 * second request on the same connection, or closed it.
 */
export class RawConnection {
  private received = Buffer.alloc(0);
  private ended = false;
  private wake: (() => void) | null = null;

  private constructor(private readonly socket: net.Socket) {
    socket.on('data', (chunk: Buffer) => {
      this.received = Buffer.concat([this.received, chunk]);
      this.notify();
    });
    // A reset while the test still writes a refused body is the server closing: the socket is done either way.
    socket.on('error', () => this.finish());
    socket.on('close', () => this.finish());
  }

  static open(port: number): Promise<RawConnection> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => resolve(new RawConnection(socket)));
      socket.once('error', reject);
    });
  }

  /** Writes a request: its head (request line and headers, Host and keep-alive added) and its body, if any. */
  send(method: string, url: string, headers: Record<string, string | number> = {}, body?: Buffer) {
    const lines = [`${method} ${url} HTTP/1.1`, 'Host: 127.0.0.1', 'Connection: keep-alive'];
    for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
    if (body && headers['content-length'] === undefined) lines.push(`Content-Length: ${body.length}`);
    this.socket.write(`${lines.join('\r\n')}\r\n\r\n`);
    if (body) this.socket.write(body, () => {});
  }

  /** The next answer, or an error when none is complete within `timeoutMs` (or the connection ended first). */
  async answer(timeoutMs: number): Promise<RawAnswer> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const answer = this.take();
      if (answer) return answer;
      if (this.ended) throw new Error('the connection ended without a (complete) answer');
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no answer within ${timeoutMs} ms`);
      await this.waitForData(left);
    }
  }

  /** Whether the server closed the connection within `timeoutMs`. */
  async closedWithin(timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (!this.ended && Date.now() < deadline) await this.waitForData(deadline - Date.now());
    return this.ended;
  }

  close() {
    this.socket.destroy();
  }

  private finish() {
    this.ended = true;
    this.notify();
  }

  private notify() {
    this.wake?.();
    this.wake = null;
  }

  private waitForData(timeoutMs: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, timeoutMs);
      this.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }

  /** Cuts one complete answer (Content-Length or chunked body) off the received bytes, if there is one. */
  private take(): RawAnswer | null {
    const headEnd = this.received.indexOf(HEAD_END);
    if (headEnd < 0) return null;
    const [statusLine, ...headerLines] = this.received.subarray(0, headEnd).toString('latin1').split('\r\n');
    const headers: Record<string, string> = {};
    for (const line of headerLines) {
      const colon = line.indexOf(':');
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    const status = Number(statusLine?.split(' ')[1]);
    const bodyStart = headEnd + HEAD_END.length;
    const body = headers['transfer-encoding'] === 'chunked' ? this.chunked(bodyStart) : this.sized(bodyStart, headers);
    if (!body) return null;
    this.received = this.received.subarray(body.end);
    return { status, headers, body: body.text };
  }

  private sized(start: number, headers: Record<string, string>) {
    const end = start + Number(headers['content-length'] ?? 0);
    return this.received.length < end ? null : { text: this.received.subarray(start, end).toString(), end };
  }

  private chunked(start: number) {
    const parts: Buffer[] = [];
    let at = start;
    for (;;) {
      const lineEnd = this.received.indexOf('\r\n', at);
      if (lineEnd < 0) return null;
      const size = Number.parseInt(this.received.subarray(at, lineEnd).toString(), 16);
      const dataEnd = lineEnd + 2 + size;
      if (this.received.length < dataEnd + 2) return null;
      if (size === 0) return { text: Buffer.concat(parts).toString(), end: dataEnd + 2 };
      parts.push(this.received.subarray(lineEnd + 2, dataEnd));
      at = dataEnd + 2;
    }
  }
}
