import http from 'node:http';
import https from 'node:https';
import { SIGNATURE_HEADER } from '@overlap/contract/webhooks';
import { BlockedAddressError, guardedLookup, literalRefusal } from './address-guard.ts';
import { signatureHeader } from './signature.ts';

export const DELIVERY_TIMEOUT_MS = 10_000;

export interface SendOutcome {
  ok: boolean;
  responseStatus: number | null;
  error: string | null;
  durationMs: number;
}

export interface SignedRequest {
  url: string;
  body: string;
  secret: string;
  eventType: string;
  deliveryId: string;
  allowPrivate: boolean;
  now?: number;
  timeoutMs?: number;
}

function describe(err: unknown): string {
  if (err instanceof BlockedAddressError) return `Refused: ${err.message}`;
  const code = (err as { code?: string }).code;
  if (code === 'ECONNREFUSED') return 'Connection refused';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'Host not found';
  if (code === 'ECONNRESET') return 'Connection reset';
  return err instanceof Error ? err.message : String(err);
}

/**
 * POSTs one signed JSON body. 2xx is success; redirects are not followed (a redirect could lead
 * inside the network) and count as failures, like any other status. The connection is refused
 * when the host resolves to a private address and those are not allowed.
 */
export function sendSigned(request: SignedRequest): Promise<SendOutcome> {
  const started = performance.now();
  const took = () => Math.round(performance.now() - started);
  const url = new URL(request.url);
  const refused = literalRefusal(url, request.allowPrivate);
  if (refused) return Promise.resolve({ ok: false, responseStatus: null, error: describe(refused), durationMs: 0 });
  const timestamp = Math.floor((request.now ?? Date.now()) / 1000);
  const transport = url.protocol === 'https:' ? https : http;
  const limitMs = request.timeoutMs ?? DELIVERY_TIMEOUT_MS;
  return new Promise((resolve) => {
    let done = false;
    const finish = (outcome: SendOutcome) => {
      if (done) return;
      done = true;
      clearTimeout(deadline);
      resolve(outcome);
    };
    const req = transport.request(
      url,
      {
        method: 'POST',
        lookup: guardedLookup(request.allowPrivate),
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(request.body),
          'user-agent': 'Overlap-Webhooks/1',
          'overlap-event': request.eventType,
          'overlap-delivery': request.deliveryId,
          [SIGNATURE_HEADER.toLowerCase()]: signatureHeader(request.secret, request.body, timestamp),
        },
      },
      (res) => {
        res.resume();
        const status = res.statusCode ?? 0;
        const ok = status >= 200 && status < 300;
        res.on('end', () =>
          finish({ ok, responseStatus: status, error: ok ? null : `HTTP ${status}`, durationMs: took() }),
        );
        res.on('error', (err) =>
          finish({ ok: false, responseStatus: status, error: describe(err), durationMs: took() }),
        );
        res.on('close', () =>
          finish({ ok: false, responseStatus: status, error: 'The answer was cut off', durationMs: took() }),
        );
      },
    );
    // One deadline for connecting, sending and reading the whole answer.
    const deadline = setTimeout(() => req.destroy(new Error(`No complete answer within ${limitMs / 1000} s`)), limitMs);
    req.on('error', (err) => finish({ ok: false, responseStatus: null, error: describe(err), durationMs: took() }));
    req.end(request.body);
  });
}
