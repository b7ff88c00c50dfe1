import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction, type Socket } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Downloads a picture named by an uploaded file (the product import's `image_urls`). The URL is the attacker's, so:
 * http(s) only (plain http when allowed), every address the host resolves to must be public unicast — checked in the
 * connection's own DNS lookup and again on the connected socket, so a second answer (DNS rebinding) cannot slip in —
 * at most 3 redirects, each checked the same way, one deadline for the whole download and a byte cap while streaming.
 */
export type RemoteImageRules = {
  allowHttp: boolean;
  allowPrivateHosts: boolean;
  maxBytes: number;
  timeoutMs?: number;
};

/** A download refused or failed; the message says why, for the row error. */
export class RemoteImageError extends Error {}

const MAX_REDIRECTS = 3;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const HOST_REFUSED = 'its host is a private, loopback or otherwise reserved address';

/** Public unicast only: private, loopback, link-local, multicast, unspecified and reserved ranges are refused. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  // ::ffff:127.0.0.1 reaches 127.0.0.1: judge the IPv4 address it carries.
  if (parsed instanceof ipaddr.IPv6 && parsed.isIPv4MappedAddress()) parsed = parsed.toIPv4Address();
  return parsed.range() === 'unicast';
}

/** dns.lookup that fails unless every address of the name is allowed (used by the socket itself). */
function vettedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      if (addresses.length === 0 || (!allowPrivate && addresses.some((a) => !isPublicAddress(a.address))))
        return callback(new RemoteImageError(HOST_REFUSED), '', 0);
      if (options.all) return (callback as unknown as (e: null, list: LookupAddress[]) => void)(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

function request(url: URL, rules: RemoteImageRules, signal: AbortSignal): Promise<IncomingMessage> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  // An IP literal is connected to without a lookup: check it here.
  if (isIP(host) && !rules.allowPrivateHosts && !isPublicAddress(host)) throw new RemoteImageError(HOST_REFUSED);
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.get(url, {
      agent: false,
      lookup: vettedLookup(rules.allowPrivateHosts),
      signal,
      headers: { accept: 'image/*', 'user-agent': 'Seamline product import' },
    });
    req.on('socket', (socket: Socket) => {
      socket.once('connect', () => {
        if (!rules.allowPrivateHosts && !isPublicAddress(socket.remoteAddress ?? ''))
          req.destroy(new RemoteImageError(HOST_REFUSED));
      });
    });
    req.on('response', resolve);
    req.on('error', reject);
  });
}

async function readCapped(response: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const tooLarge = () => new RemoteImageError(`it is larger than ${maxBytes / 1024 / 1024} MB`);
  if (Number(response.headers['content-length'] ?? 0) > maxBytes) {
    response.destroy();
    throw tooLarge();
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) {
      response.destroy();
      throw tooLarge();
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

function checkScheme(url: URL, rules: RemoteImageRules) {
  if (url.protocol === 'https:' || (url.protocol === 'http:' && rules.allowHttp)) return;
  throw new RemoteImageError(`only ${rules.allowHttp ? 'http and https' : 'https'} addresses are downloaded`);
}

/** The bytes at url (not yet known to be an image: the caller decodes them). Fails with a RemoteImageError. */
export async function downloadImage(address: string, rules: RemoteImageRules): Promise<Buffer> {
  const timeoutMs = rules.timeoutMs ?? 10_000;
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    let url = new URL(address);
    for (let redirects = 0; ; redirects += 1) {
      checkScheme(url, rules);
      const response = await request(url, rules, signal);
      const status = response.statusCode ?? 0;
      if (REDIRECTS.has(status) && response.headers.location) {
        response.resume();
        if (redirects === MAX_REDIRECTS) throw new RemoteImageError(`it redirects more than ${MAX_REDIRECTS} times`);
        url = new URL(response.headers.location, url);
        continue;
      }
      if (status !== 200) {
        response.resume();
        throw new RemoteImageError(`the server answered ${status}`);
      }
      return await readCapped(response, rules.maxBytes);
    }
  } catch (error) {
    if (error instanceof RemoteImageError) throw error;
    if (signal.aborted) throw new RemoteImageError(`the download took longer than ${timeoutMs / 1000} s`);
    const code = (error as { code?: string }).code;
    throw new RemoteImageError(`it could not be downloaded${code ? ` (${code})` : ''}`);
  }
}
