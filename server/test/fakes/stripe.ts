import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type FormObject, flatStrings, listOf, obj, parseForm, str } from './stripe-form.ts';

/**
 * A local stand-in for the Stripe API (loopback only), answering the calls Overlap makes the way
 * Stripe documents them: customers, Checkout Sessions, billing portal sessions and subscriptions
 * (retrieve, list with `has_more`/`starting_after` paging, update, cancel). Errors have Stripe's
 * shape (`{error: {type, code, message, param}}`), a wrong key is 401, POSTs honour
 * `Idempotency-Key`. The test drives what a customer would do on Stripe's pages (complete a
 * checkout, a failed or paid invoice, the trial ending) and gets back the events Stripe would send.
 */

export interface FakePrice {
  id: string;
  interval: 'month' | 'year';
  unitAmount: number;
}

type Json = Record<string, unknown>;
export interface FakeEvent extends Json {
  id: string;
  type: string;
  created: number;
  data: { object: Json; previous_attributes?: Json };
}

interface Fault {
  method: string;
  pathPrefix: string;
  remaining: number;
  status: number;
  body: string;
  headers: Record<string, string>;
}

const DAY_S = 86_400;
const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

export class FakeStripe {
  readonly secretKey = `sk_test_${randomBytes(12).toString('hex')}`;
  readonly customers = new Map<string, Json>();
  readonly sessions = new Map<string, Json>();
  readonly portalSessions = new Map<string, Json>();
  readonly subscriptions = new Map<string, Json>();
  /** Every request received, oldest first. */
  readonly requests: { method: string; path: string; body: FormObject }[] = [];
  /** Seconds since the epoch as the fake sees it; tests move it forward. */
  clock = Math.floor(Date.now() / 1000);
  url = '';
  private readonly prices = new Map<string, FakePrice>();
  private readonly idempotent = new Map<string, { status: number; body: string }>();
  private faults: Fault[] = [];
  private readonly server = createServer((req, res) => void this.handle(req, res));

  constructor(prices: FakePrice[]) {
    for (const p of prices) this.prices.set(p.id, p);
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** The next `times` requests to `method path*` answer `status` with `body` (raw) instead. */
  fail(method: string, pathPrefix: string, status: number, body: string | Json, times = 1, headers = {}): void {
    this.faults.push({
      method,
      pathPrefix,
      remaining: times,
      status,
      body: typeof body === 'string' ? body : JSON.stringify(body),
      headers,
    });
  }

  count(method: string, pathPrefix: string): number {
    return this.requests.filter((r) => r.method === method && r.path.startsWith(pathPrefix)).length;
  }

  // ---- what the customer does on Stripe's pages ---------------------------------------------

  /** The customer pays (or starts the trial) on the hosted checkout page. */
  completeCheckout(sessionId: string): FakeEvent[] {
    const session = this.sessions.get(sessionId);
    if (session?.status !== 'open') throw new Error(`no open checkout session ${sessionId}`);
    const data = session._subscription_data as { trialDays: number | null; metadata: Record<string, string> };
    const price = this.prices.get(session._price as string) as FakePrice;
    const now = this.clock;
    const trialEnd = data.trialDays ? now + data.trialDays * DAY_S : null;
    const sub: Json = {
      id: id('sub'),
      object: 'subscription',
      customer: session.customer,
      status: trialEnd ? 'trialing' : 'active',
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      ended_at: null,
      created: now,
      start_date: now,
      trial_start: trialEnd ? now : null,
      trial_end: trialEnd,
      metadata: data.metadata,
      livemode: false,
      items: this.itemsFor(price, now, trialEnd ?? this.periodEnd(price, now)),
    };
    this.subscriptions.set(sub.id as string, sub);
    Object.assign(session, { status: 'complete', payment_status: trialEnd ? 'no_payment_required' : 'paid' });
    session.subscription = sub.id;
    return [
      this.event('customer.subscription.created', sub),
      this.event('invoice.paid', this.invoiceFor(sub, trialEnd ? 0 : price.unitAmount, 'paid')),
      this.event('checkout.session.completed', this.publicSession(session)),
    ];
  }

  /** A renewal charge fails: the subscription goes past due. */
  failPayment(subId: string): FakeEvent[] {
    const sub = this.sub(subId);
    const invoice = this.invoiceFor(sub, this.priceOf(sub).unitAmount, 'open');
    return [
      this.event('invoice.payment_failed', invoice),
      this.change(sub, { status: 'past_due', trial_end: sub.trial_end }),
    ];
  }

  /** An invoice is paid (a retry, or a new card): the subscription is active for a new period. */
  payInvoice(subId: string): FakeEvent[] {
    const sub = this.sub(subId);
    const price = this.priceOf(sub);
    const invoice = this.invoiceFor(sub, price.unitAmount, 'paid');
    const changed = this.change(sub, { status: 'active' });
    const item = this.item(sub);
    Object.assign(item, { current_period_start: this.clock, current_period_end: this.periodEnd(price, this.clock) });
    return [this.event('invoice.paid', invoice), changed];
  }

  /** Three days before a trial ends. */
  trialWillEnd(subId: string): FakeEvent {
    return this.event('customer.subscription.trial_will_end', { ...this.sub(subId) });
  }

  /** The subscription ends now (cancelled in the dashboard, or the period ran out while canceling). */
  endSubscription(subId: string): FakeEvent {
    const sub = this.sub(subId);
    Object.assign(sub, { status: 'canceled', canceled_at: this.clock, ended_at: this.clock });
    return this.event('customer.subscription.deleted', { ...sub });
  }

  /** Changes made elsewhere (the portal, the dashboard): answers the `updated` event. */
  change(sub: Json, patch: Json): FakeEvent {
    const previous: Json = {};
    for (const key of Object.keys(patch)) previous[key] = sub[key];
    Object.assign(sub, patch);
    return this.event('customer.subscription.updated', { ...sub }, previous);
  }

  sub(subId: string): Json {
    const sub = this.subscriptions.get(subId);
    if (!sub) throw new Error(`no subscription ${subId}`);
    return sub;
  }

  // ---- the API ------------------------------------------------------------------------------

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', this.url);
    const method = req.method ?? 'GET';
    const body =
      method === 'GET' || method === 'DELETE'
        ? parseForm(url.search.slice(1))
        : parseForm(Buffer.concat(chunks).toString());
    this.requests.push({ method, path: url.pathname, body });
    const send = (status: number, payload: string, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req'), ...headers });
      res.end(payload);
    };

    const fault = this.faults.find(
      (f) => f.method === method && url.pathname.startsWith(f.pathPrefix) && f.remaining > 0,
    );
    if (fault) {
      fault.remaining -= 1;
      return send(fault.status, fault.body, fault.headers);
    }
    if (req.headers.authorization !== `Bearer ${this.secretKey}`) {
      return send(401, error('invalid_request_error', 'Invalid API Key provided.', undefined, 'api_key_invalid'));
    }
    const key = method === 'POST' ? req.headers['idempotency-key'] : undefined;
    const replay = typeof key === 'string' ? this.idempotent.get(key) : undefined;
    if (replay) return send(replay.status, replay.body, { 'idempotent-replayed': 'true' });

    const [status, payload] = this.route(method, url.pathname, body);
    const text = JSON.stringify(payload);
    if (typeof key === 'string') this.idempotent.set(key, { status, body: text });
    send(status, text);
  }

  private route(method: string, path: string, body: FormObject): [number, unknown] {
    const parts = path.split('/').filter(Boolean);
    const at = (i: number) => parts[i] ?? '';
    if (method === 'POST' && path === '/v1/customers') return [200, this.createCustomer(body)];
    if (method === 'GET' && at(1) === 'customers' && parts.length === 3)
      return this.found(this.customers.get(at(2)), 'customer', at(2));
    if (method === 'POST' && path === '/v1/checkout/sessions') return this.createSession(body);
    if (method === 'GET' && at(1) === 'checkout' && parts.length === 4) {
      const session = this.sessions.get(at(3));
      return this.found(session && this.publicSession(session), 'checkout.session', at(3));
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') return this.createPortalSession(body);
    if (method === 'GET' && path === '/v1/subscriptions') return this.listSubscriptions(body);
    if (at(1) === 'subscriptions' && parts.length === 3) {
      const sub = this.subscriptions.get(at(2));
      if (!sub) return this.found(undefined, 'subscription', at(2));
      if (method === 'GET') return [200, sub];
      if (method === 'POST') return this.updateSubscription(sub, body);
      if (method === 'DELETE') {
        Object.assign(sub, { status: 'canceled', canceled_at: this.clock, ended_at: this.clock });
        return [200, sub];
      }
    }
    return [404, error('invalid_request_error', `Unrecognized request URL (${method}: ${path}).`)];
  }

  private found(value: unknown, kind: string, key: string): [number, unknown] {
    if (value) return [200, value];
    return [404, error('invalid_request_error', `No such ${kind}: '${key}'`, 'id', 'resource_missing')];
  }

  private createCustomer(body: FormObject): Json {
    const customer = {
      id: id('cus'),
      object: 'customer',
      email: str(body.email) ?? null,
      name: str(body.name) ?? null,
      metadata: flatStrings(body.metadata),
      created: this.clock,
      livemode: false,
    };
    this.customers.set(customer.id, customer);
    return customer;
  }

  private createSession(body: FormObject): [number, unknown] {
    if (str(body.mode) !== 'subscription')
      return [400, error('invalid_request_error', 'Only subscription mode is faked.', 'mode')];
    const customer = str(body.customer);
    if (!customer || !this.customers.has(customer)) {
      return [400, error('invalid_request_error', `No such customer: '${customer}'`, 'customer', 'resource_missing')];
    }
    const [line] = listOf(body.line_items);
    const priceId = str(line?.price);
    if (!priceId || !this.prices.has(priceId)) {
      return [
        400,
        error('invalid_request_error', `No such price: '${priceId}'`, 'line_items[0][price]', 'resource_missing'),
      ];
    }
    const successUrl = str(body.success_url);
    if (!successUrl)
      return [
        400,
        error('invalid_request_error', 'Missing required param: success_url.', 'success_url', 'parameter_missing'),
      ];
    const subscriptionData = obj(body.subscription_data);
    const trial = str(subscriptionData.trial_period_days);
    const sessionId = id('cs_test');
    const session: Json = {
      id: sessionId,
      object: 'checkout.session',
      mode: 'subscription',
      status: 'open',
      payment_status: 'unpaid',
      customer,
      subscription: null,
      client_reference_id: str(body.client_reference_id) ?? null,
      metadata: flatStrings(body.metadata),
      success_url: successUrl.replace('{CHECKOUT_SESSION_ID}', sessionId),
      cancel_url: str(body.cancel_url) ?? null,
      url: `${this.url}/c/pay/${sessionId}`,
      created: this.clock,
      livemode: false,
      _price: priceId,
      _subscription_data: { trialDays: trial ? Number(trial) : null, metadata: flatStrings(subscriptionData.metadata) },
    };
    this.sessions.set(sessionId, session);
    return [200, this.publicSession(session)];
  }

  private createPortalSession(body: FormObject): [number, unknown] {
    const customer = str(body.customer);
    if (!customer || !this.customers.has(customer)) {
      return [400, error('invalid_request_error', `No such customer: '${customer}'`, 'customer', 'resource_missing')];
    }
    const portal = {
      id: id('bps'),
      object: 'billing_portal.session',
      customer,
      return_url: str(body.return_url) ?? null,
      url: `${this.url}/p/session/${id('test')}`,
      created: this.clock,
      livemode: false,
    };
    this.portalSessions.set(portal.id, portal);
    return [200, portal];
  }

  private listSubscriptions(query: FormObject): [number, unknown] {
    const customer = str(query.customer);
    const status = str(query.status);
    const limit = Math.min(Number(str(query.limit) ?? 10), 100);
    const after = str(query.starting_after);
    const all = [...this.subscriptions.values()]
      .filter((s) => !customer || s.customer === customer)
      .filter((s) => (status === 'all' ? true : status ? s.status === status : s.status !== 'canceled'))
      .sort((a, b) => (b.created as number) - (a.created as number) || String(b.id).localeCompare(String(a.id)));
    const start = after ? all.findIndex((s) => s.id === after) + 1 : 0;
    const page = all.slice(start, start + limit);
    return [200, { object: 'list', url: '/v1/subscriptions', has_more: start + limit < all.length, data: page }];
  }

  private updateSubscription(sub: Json, body: FormObject): [number, unknown] {
    if (sub.status === 'canceled') {
      return [
        400,
        error(
          'invalid_request_error',
          'A canceled subscription can only update its cancellation_details and metadata.',
        ),
      ];
    }
    const cancel = str(body.cancel_at_period_end);
    if (cancel !== undefined) sub.cancel_at_period_end = cancel === 'true';
    const trialEnd = str(body.trial_end);
    if (trialEnd !== undefined) {
      const end = trialEnd === 'now' ? this.clock : Number(trialEnd);
      Object.assign(sub, { trial_end: end, status: end > this.clock ? 'trialing' : 'active' });
      Object.assign(this.item(sub), {
        current_period_end: end > this.clock ? end : this.periodEnd(this.priceOf(sub), end),
      });
    }
    const [item] = listOf(body.items);
    const priceId = str(item?.price);
    if (priceId) {
      const price = this.prices.get(priceId);
      if (!price)
        return [
          400,
          error('invalid_request_error', `No such price: '${priceId}'`, 'items[0][price]', 'resource_missing'),
        ];
      const current = this.item(sub);
      sub.items = this.itemsFor(price, current.current_period_start as number, current.current_period_end as number);
    }
    const metadata = flatStrings(body.metadata);
    if (Object.keys(metadata).length > 0) sub.metadata = { ...(sub.metadata as Json), ...metadata };
    return [200, sub];
  }

  // ---- shapes ---------------------------------------------------------------------------------

  private publicSession(session: Json): Json {
    return Object.fromEntries(Object.entries(session).filter(([k]) => !k.startsWith('_')));
  }

  private itemsFor(price: FakePrice, start: number, end: number): Json {
    return {
      object: 'list',
      has_more: false,
      url: '/v1/subscription_items',
      data: [
        {
          id: id('si'),
          object: 'subscription_item',
          quantity: 1,
          current_period_start: start,
          current_period_end: end,
          price: {
            id: price.id,
            object: 'price',
            unit_amount: price.unitAmount,
            currency: 'usd',
            recurring: { interval: price.interval, interval_count: 1 },
          },
        },
      ],
    };
  }

  private item(sub: Json): Json {
    return (sub.items as { data: Json[] }).data[0] as Json;
  }

  private priceOf(sub: Json): FakePrice {
    return this.prices.get((this.item(sub).price as Json).id as string) as FakePrice;
  }

  private periodEnd(price: FakePrice, from: number): number {
    return from + (price.interval === 'year' ? 365 : 30) * DAY_S;
  }

  private invoiceFor(sub: Json, amount: number, status: 'paid' | 'open'): Json {
    return {
      id: id('in'),
      object: 'invoice',
      customer: sub.customer,
      status,
      amount_due: amount,
      amount_paid: status === 'paid' ? amount : 0,
      currency: 'usd',
      created: this.clock,
      parent: { type: 'subscription_details', subscription_details: { subscription: sub.id, metadata: sub.metadata } },
    };
  }

  private event(type: string, object: Json, previous?: Json): FakeEvent {
    return {
      id: id('evt'),
      object: 'event',
      api_version: '2026-10-28.endive',
      type,
      created: this.clock,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object: structuredClone(object), ...(previous ? { previous_attributes: previous } : {}) },
    };
  }
}

function error(type: string, message: string, param?: string, code?: string): string {
  return JSON.stringify({ error: { type, message, ...(param ? { param } : {}), ...(code ? { code } : {}) } });
}

export async function startFakeStripe(prices: FakePrice[]): Promise<FakeStripe> {
  return new FakeStripe(prices).start();
}
