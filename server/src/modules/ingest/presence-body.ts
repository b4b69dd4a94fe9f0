import {
  isIanaTimeZone,
  MAX_PUSH_ITEMS,
  type PresencePushBody,
  presencePushBody,
  presenceStatuses,
} from '@overlap/contract/ingest';
import type { FastifyRouteSchemaDef, FastifyValidationResult } from 'fastify/types/schema.js';
import { validatorCompiler } from 'fastify-type-provider-zod';

const STATUSES = new Set<string>(presenceStatuses);
const BODY_KEYS = new Set(['timestamp', 'source', 'users']);
const USER_KEYS = new Set(['personIdentifier', 'status', 'firstname', 'name', 'email', 'timezone', 'details']);
const { timestamp: timestampSchema } = presencePushBody.shape;
const emailSchema = presencePushBody.shape.users.element.shape.email;

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A string zod would accept unchanged: already trimmed, its length within bounds. */
const trimmedWithin = (v: unknown, min: number, max: number): v is string =>
  typeof v === 'string' && v.length >= min && v.length <= max && v.trim() === v;

const absent = (v: unknown) => v === undefined || v === null;

function canonicalUser(u: unknown): string | undefined {
  if (!isPlainObject(u)) return undefined;
  for (const key in u) if (!USER_KEYS.has(key)) return undefined;
  if (!trimmedWithin(u.personIdentifier, 1, 256)) return undefined;
  if (typeof u.status !== 'string' || !STATUSES.has(u.status)) return undefined;
  if (!absent(u.firstname) && !trimmedWithin(u.firstname, 0, 200)) return undefined;
  if (!absent(u.name) && !trimmedWithin(u.name, 0, 200)) return undefined;
  if (!absent(u.timezone) && !(typeof u.timezone === 'string' && isIanaTimeZone(u.timezone))) return undefined;
  if (!absent(u.email) && !emailSchema.safeParse(u.email).success) return undefined;
  if (!absent(u.details) && !(isPlainObject(u.details) && !Object.hasOwn(u.details, '__proto__'))) return undefined;
  return u.personIdentifier;
}

/**
 * Whether the contract's schema (`presencePushBody`) would accept `body` and answer it unchanged:
 * no unknown key, nothing to trim, every value within its rule. A push from a well-behaved source
 * is checked here in one pass; anything else goes through the schema itself, whose answer (the
 * value, or the errors naming each field) stays the contract.
 */
export function isCanonicalPresenceBody(body: unknown): body is PresencePushBody {
  if (!isPlainObject(body)) return false;
  for (const key in body) if (!BODY_KEYS.has(key)) return false;
  if (!trimmedWithin(body.source, 1, 100)) return false;
  const { users } = body;
  if (!Array.isArray(users) || users.length > MAX_PUSH_ITEMS) return false;
  if (!timestampSchema.safeParse(body.timestamp).success) return false;
  const seen = new Set<string>();
  for (const u of users) {
    const id = canonicalUser(u);
    if (id === undefined || seen.has(id)) return false;
    seen.add(id);
  }
  return true;
}

/** The presence push body's validator: the one-pass check first, the contract's schema otherwise. */
export function presenceBodyValidator<S>(route: FastifyRouteSchemaDef<S>): FastifyValidationResult {
  const bySchema = validatorCompiler(route as unknown as Parameters<typeof validatorCompiler>[0]);
  if (route.httpPart !== 'body') return bySchema;
  return (data: unknown) => (isCanonicalPresenceBody(data) ? { value: data } : bySchema(data));
}
