import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { lookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import { WEBHOOK_MESSAGES } from '@seamline/shared';
import { badRequest } from '../../lib/errors.js';
import { isPublicAddress } from '../../lib/remote-image.js';

/**
 * Webhook URLs are typed by an admin but fetched by the server, so a URL must not reach the store's own network
 * (SSRF): every address its host resolves to must be public, checked when the URL is saved and again in the
 * connection's own DNS lookup at every send, so the socket connects to an address that was checked (no DNS rebinding).
 */
export class PrivateHostError extends Error {
  constructor() {
    super(WEBHOOK_MESSAGES.privateHost);
  }
}

const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

/** 400 when the URL's host is, or resolves to, a non-public address. A host that does not resolve now is kept. */
export async function assertPublicReceiver(address: string, allowPrivateHosts: boolean): Promise<void> {
  if (allowPrivateHosts) return;
  const host = hostOf(new URL(address));
  if (isIP(host)) {
    if (!isPublicAddress(host)) throw badRequest(WEBHOOK_MESSAGES.privateHost, 'url');
    return;
  }
  const addresses = await lookup(host, { all: true }).catch(() => []);
  if (addresses.some((a) => !isPublicAddress(a.address))) throw badRequest(WEBHOOK_MESSAGES.privateHost, 'url');
}

/** Refuses an IP-literal host that is not public (a literal is connected to without a lookup). */
export function checkLiteralHost(url: URL, allowPrivateHosts: boolean): void {
  const host = hostOf(url);
  if (!allowPrivateHosts && isIP(host) && !isPublicAddress(host)) throw new PrivateHostError();
}

/** dns.lookup for the socket itself: fails unless every address of the name is allowed. */
export function vettedLookup(allowPrivateHosts: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      if (addresses.length === 0 || (!allowPrivateHosts && addresses.some((a) => !isPublicAddress(a.address))))
        return callback(new PrivateHostError(), '', 0);
      if (options.all) return (callback as unknown as (e: null, list: LookupAddress[]) => void)(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}
