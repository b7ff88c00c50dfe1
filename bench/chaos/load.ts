import { randomInt } from 'node:crypto';
import { multipartBody, testPng } from '../../apps/server/test/uploads.js';
import type { HotVariant } from '../checks/checkout.js';

export type Kind = 'catalogue' | 'product' | 'guest order' | 'sign-up' | 'admin list' | 'upload' | 'abuser';

/** One request: what it was, its status (0: no answer at all) and how long it took. */
export type Outcome = { kind: Kind; status: number; ms: number };

/** What the shoppers and staff need to know about the store. */
export type Store = {
  baseUrl: string;
  staffToken: string;
  slugs: string[];
  variants: HotVariant[];
};

export const SHOPPERS = 5;
export const STAFF = 2;
/** A client that keeps asking for password resets from one address: its budget must hold in every phase. */
const ABUSER_IP = '198.51.100.66';
const REQUEST_TIMEOUT_MS = 30_000;

const pick = <T>(items: readonly T[]): T => items[randomInt(items.length)]!;
/** Every shopper request from an address of its own, as many guests behind the load balancer would be. */
const guestIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const address = {
  firstName: 'Chaos',
  lastName: 'Shopper',
  street: '1 Fault Street',
  city: 'Springfield',
  state: 'IL',
  zipCode: '62701',
  country: 'United States',
  phone: '5550100000',
};

type Call = {
  path: string;
  method?: string;
  ip?: string;
  token?: string;
  json?: unknown;
  body?: Buffer;
  headers?: Record<string, string>;
};

export class Load {
  readonly outcomes: Outcome[] = [];
  /** Ids of the orders the server acknowledged with 201. */
  readonly acknowledgedOrders: string[] = [];
  private png: Buffer | undefined;

  constructor(private readonly store: Store) {}

  /** Shoppers, staff and the abuser until `seconds` have passed; requests still running then finish first. */
  async run(seconds: number): Promise<Outcome[]> {
    const from = this.outcomes.length;
    const until = Date.now() + seconds * 1000;
    this.png ??= await testPng('#0ea5e9', 64, 64);
    const loop = async (step: () => Promise<unknown>) => {
      while (Date.now() < until) await step();
    };
    await Promise.all([
      ...Array.from({ length: SHOPPERS }, () => loop(() => this.shopperStep())),
      ...Array.from({ length: STAFF }, () => loop(() => this.staffStep())),
      loop(() => this.abuserStep()),
    ]);
    return this.outcomes.slice(from);
  }

  private async send(kind: Kind, call: Call): Promise<{ status: number; text: string }> {
    const headers: Record<string, string> = { 'x-forwarded-for': call.ip ?? guestIp(), ...call.headers };
    if (call.token) headers.authorization = `Bearer ${call.token}`;
    let body: string | Buffer | undefined = call.body;
    if (call.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(call.json);
    }
    const started = performance.now();
    let answer = { status: 0, text: '' };
    try {
      const response = await fetch(`${this.store.baseUrl}${call.path}`, {
        method: call.method ?? 'GET',
        headers,
        body,
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      answer = { status: response.status, text: await response.text() };
    } catch {
      // No answer within the timeout, or the connection failed: recorded as status 0.
    }
    this.outcomes.push({ kind, status: answer.status, ms: performance.now() - started });
    return answer;
  }

  private async shopperStep() {
    const roll = randomInt(100);
    if (roll < 55) await this.send('catalogue', { path: `/api/products?limit=12&page=${randomInt(1, 4)}` });
    else if (roll < 75)
      await this.send('product', { path: `/api/products/slug/${encodeURIComponent(pick(this.store.slugs))}` });
    else if (roll < 95) await this.placeOrder();
    else await this.signUp();
    await pause(10);
  }

  private async placeOrder() {
    const variant = pick(this.store.variants);
    const json = {
      email: `chaos-${randomInt(1_000_000)}@example.com`,
      items: [{ productId: variant.productId, size: variant.size, color: variant.color, quantity: 1 }],
      shippingAddress: address,
      billingAddress: address,
      paymentMethod: 'stripe',
    };
    const answer = await this.send('guest order', { path: '/api/orders/guest', method: 'POST', json });
    if (answer.status === 201) this.acknowledgedOrders.push(JSON.parse(answer.text).data.order.id);
  }

  /** A new customer account: its verification mail goes through the outbox (and SMTP) like every mail. */
  private async signUp() {
    const json = { email: `chaos-customer-${randomInt(1_000_000_000)}@example.com`, password: 'Chaos-pass-1' };
    await this.send('sign-up', { path: '/api/auth/register', method: 'POST', json });
  }

  private async staffStep() {
    const token = this.store.staffToken;
    if (randomInt(100) < 15) {
      const picture = multipartBody([{ name: 'image', filename: 'chaos.png', type: 'image/png', data: this.png! }]);
      await this.send('upload', { path: '/api/upload', method: 'POST', token, ...picture });
    } else {
      const list = pick(['orders', 'products', 'customers']);
      await this.send('admin list', { path: `/api/admin/${list}?page=${randomInt(1, 4)}&limit=20`, token });
    }
    await pause(10);
  }

  private async abuserStep() {
    const json = { email: 'someone-else@example.com' };
    await this.send('abuser', { path: '/api/auth/forgot-password', method: 'POST', json, ip: ABUSER_IP });
    await pause(100);
  }
}
