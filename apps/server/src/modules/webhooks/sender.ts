import http from 'node:http';
import https from 'node:https';
import type { Socket } from 'node:net';
import { isPublicAddress } from '../../lib/remote-image.js';
import { checkLiteralHost, PrivateHostError, vettedLookup } from './receiver-address.js';

export type SendRules = { timeoutMs: number; allowPrivateHosts: boolean };
/** What one attempt came to: the receiver's status (null when none) and, unless it was 2xx, a short reason. */
export type SendOutcome = { ok: boolean; responseCode: number | null; error: string | null };

const USER_AGENT = 'Seamline-Webhooks/1.0';
const ERROR_MAX = 200;

/** POSTs one signed delivery. Redirects are not followed (a 3xx is a failed attempt); the body is not kept. */
export async function postDelivery(
  address: string,
  body: string,
  headers: Record<string, string>,
  rules: SendRules,
): Promise<SendOutcome> {
  const signal = AbortSignal.timeout(rules.timeoutMs);
  try {
    const url = new URL(address);
    checkLiteralHost(url, rules.allowPrivateHosts);
    const status = await request(url, body, headers, rules, signal);
    if (status >= 200 && status < 300) return { ok: true, responseCode: status, error: null };
    return { ok: false, responseCode: status, error: `the receiver answered ${status}` };
  } catch (error) {
    return { ok: false, responseCode: null, error: describe(error, signal, rules.timeoutMs) };
  }
}

/**
 * Kept-alive connections per kind of rule: a burst of deliveries to one receiver reuses its sockets instead of a new
 * connection each. Every new socket still goes through the vetted lookup and the connected-address check.
 */
const agents = new Map<string, http.Agent>();
function agentFor(url: URL, allowPrivateHosts: boolean): http.Agent {
  const key = `${url.protocol}${allowPrivateHosts}`;
  let agent = agents.get(key);
  if (!agent) {
    const Agent = url.protocol === 'https:' ? https.Agent : http.Agent;
    agent = new Agent({ keepAlive: true, maxSockets: 16, maxFreeSockets: 16, timeout: 30_000 });
    agents.set(key, agent);
  }
  return agent;
}

async function request(
  url: URL,
  body: string,
  headers: Record<string, string>,
  rules: SendRules,
  signal: AbortSignal,
): Promise<number> {
  try {
    return await requestOnce(url, body, headers, rules, signal);
  } catch (error) {
    // A kept-alive socket the receiver closed while it was idle: the request never reached it, so send it again.
    if (!(error instanceof StaleSocketError)) throw error;
    return requestOnce(url, body, headers, rules, signal);
  }
}

class StaleSocketError extends Error {}

function requestOnce(
  url: URL,
  body: string,
  headers: Record<string, string>,
  rules: SendRules,
  signal: AbortSignal,
): Promise<number> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(url, {
      method: 'POST',
      agent: agentFor(url, rules.allowPrivateHosts),
      lookup: vettedLookup(rules.allowPrivateHosts),
      signal,
      headers: {
        ...headers,
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        'user-agent': USER_AGENT,
      },
    });
    req.on('socket', (socket: Socket) => {
      // A kept-alive socket was checked when it connected; only a new one is still connecting.
      if (!socket.connecting) return;
      socket.once('connect', () => {
        if (!rules.allowPrivateHosts && !isPublicAddress(socket.remoteAddress ?? ''))
          req.destroy(new PrivateHostError());
      });
    });
    req.on('response', (response) => {
      // The answer's body means nothing to us: drain it so the socket is free again.
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    req.on('error', (error: NodeJS.ErrnoException) => {
      const stale = req.reusedSocket && (error.code === 'ECONNRESET' || error.code === 'EPIPE');
      reject(stale ? new StaleSocketError() : error);
    });
    req.end(body);
  });
}

function describe(error: unknown, signal: AbortSignal, timeoutMs: number): string {
  if (error instanceof PrivateHostError) return error.message;
  if (signal.aborted) return `no answer within ${timeoutMs / 1000} s`;
  const code = (error as { code?: string }).code;
  const text = code === 'ECONNREFUSED' ? 'connection refused' : code ? `could not connect (${code})` : String(error);
  return text.slice(0, ERROR_MAX);
}
