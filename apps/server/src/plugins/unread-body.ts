import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { bodyAllowance, declaredLength } from '../lib/request-body.js';

/** A client that sends nothing more for this long while its rest is being drained loses the connection instead. */
const DRAIN_IDLE_MS = 2_000;
/**
 * How long a connection closed after an answer still takes (and drops) what the client sends: closing a socket with
 * unread data resets the connection, and a reset arriving before the client read the answer costs it the answer.
 */
const LINGER_MS = 500;

/**
 * A request answered before its body was read to the end (a refused upload: unreadable, too large, the wrong type, not
 * signed in) leaves the rest of that body in the connection, and on a keep-alive connection the next request waits
 * behind it for ever. Before such an answer goes out, the rest is read and thrown away (up to what the route would
 * have taken, so a browser still uploading gets the answer rather than a reset) and the connection stays open; a rest
 * larger than that, or one that stops coming, gets `Connection: close` instead, and the connection is closed after the
 * answer. Either way no client waits on a connection the server no longer reads.
 */
export function registerUnreadBodyHandling(app: FastifyInstance) {
  app.addHook('onSend', (request, reply, payload, done) => {
    const raw = request.raw;
    // `complete` is undefined for app.inject's requests, which have no connection to keep.
    if (raw.readableEnded || (raw.complete !== false && raw.readableLength === 0)) return done(null, payload);
    dropOrClose(request, reply).then(() => done(null, payload), done);
  });
}

/** Reads the rest of the body and drops it, or marks the connection to close after the answer. */
async function dropOrClose(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const raw = request.raw;
  const allowance = bodyAllowance(request);
  const declared = declaredLength(request);
  const closing = String(reply.getHeader('connection') ?? '').toLowerCase() === 'close';
  const kept =
    !closing && !raw.destroyed && (declared === null || declared <= allowance) && (await drain(raw, allowance));
  if (!kept) {
    reply.header('connection', 'close');
    // What still arrives until the connection closes is read and dropped, so nothing pauses the socket meanwhile.
    raw.unpipe();
    raw.resume();
    if (raw.socket) lingerOnClose(raw.socket);
  }
}

/**
 * Reads the rest of a body and drops it: true once it ended, false past `limit` more bytes, when the client stops
 * sending for DRAIN_IDLE_MS, or when the request breaks off. Whatever still read it (a multipart parser that gave up
 * on it) lets go first.
 */
function drain(raw: IncomingMessage, limit: number): Promise<boolean> {
  return new Promise((resolve) => {
    let bytes = 0;
    let idle = setTimeout(() => finish(false), DRAIN_IDLE_MS);
    const onData = (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > limit) return finish(false);
      clearTimeout(idle);
      idle = setTimeout(() => finish(false), DRAIN_IDLE_MS);
    };
    const onEnd = () => finish(true);
    const onClose = () => finish(raw.readableEnded);
    function finish(ended: boolean) {
      clearTimeout(idle);
      raw.off('data', onData);
      raw.off('end', onEnd);
      raw.off('close', onClose);
      raw.off('error', onClose);
      resolve(ended);
    }
    raw.unpipe();
    raw.on('data', onData);
    raw.once('end', onEnd);
    raw.once('close', onClose);
    raw.once('error', onClose);
    raw.resume();
  });
}

/**
 * Node ends a `Connection: close` exchange with `socket.destroySoon()` once the answer is written, which closes the
 * socket at once. For this connection it ends the sending side instead (the answer, then FIN) and closes the socket
 * LINGER_MS later, or as soon as the client closes its side.
 */
function lingerOnClose(socket: Socket) {
  socket.destroySoon = () => {
    socket.end();
    const timer = setTimeout(() => socket.destroy(), LINGER_MS);
    socket.once('close', () => clearTimeout(timer));
  };
}
