import fc from 'fast-check';

/**
 * fast-check arbitraries built from a route's zod schema (zod 4 definitions), for the fuzz and
 * authorization matrix tests: values the contract accepts most of the time, and — mixed in by
 * `hostile` — the strings and shapes an attacker sends.
 */
interface Def {
  type: string;
  shape?: Record<string, unknown>;
  element?: unknown;
  innerType?: unknown;
  in?: unknown;
  out?: unknown;
  options?: unknown[];
  entries?: Record<string, string | number>;
  values?: unknown[];
  valueType?: unknown;
  keyType?: unknown;
  checks?: { _zod: { def: Record<string, unknown> } }[];
  format?: string;
  pattern?: RegExp;
  getter?: () => unknown;
  left?: unknown;
  right?: unknown;
  defaultValue?: unknown;
}

const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;

function checksOf(def: Def): Record<string, unknown>[] {
  const own = def.checks?.map((c) => c._zod.def) ?? [];
  return def.format ? [...own, { check: 'string_format', format: def.format, pattern: def.pattern }] : own;
}

const HOSTILE_STRINGS = [
  'a\u0000b',
  'x\ud83d',
  '\ude00',
  '',
  ' ',
  "'; drop table users; --",
  '<script>alert(1)</script>',
  'javascript:alert(1)',
  '/\\evil.com',
  '../../etc/passwd',
  '%00',
  '{{7*7}}',
  '😀'.repeat(300),
  'x'.repeat(5000),
];

export const hostileString = fc.constantFrom(...HOSTILE_STRINGS);

function stringArbitrary(def: Def): fc.Arbitrary<string> {
  let min = 0;
  let max = 40;
  for (const c of checksOf(def)) {
    if (c.check === 'min_length') min = Math.max(min, Number(c.minimum));
    if (c.check === 'max_length') max = Math.min(max, Number(c.maximum));
    if (c.check === 'length_equals') min = max = Number(c.length);
    if (c.check === 'string_format') {
      switch (c.format) {
        case 'email':
          return fc.emailAddress().filter((e) => e.length <= 200);
        case 'uuid':
        case 'guid':
          return fc.uuid({ version: 4 });
        case 'datetime':
          return fc
            .integer({ min: -6 * 3_600_000, max: 60_000 })
            .map((offset) => new Date(Date.now() + offset).toISOString());
        case 'date':
          return fc
            .date({ min: new Date('2020-01-01'), max: new Date('2030-12-31'), noInvalidDate: true })
            .map((d) => d.toISOString().slice(0, 10));
        case 'url':
          return fc.webUrl();
        case 'regex':
          if (c.pattern instanceof RegExp) return fc.stringMatching(c.pattern).filter((s) => s.length <= 200);
          break;
        default:
          break;
      }
    }
  }
  return fc.string({ minLength: min, maxLength: Math.max(min, max) });
}

function numberArbitrary(def: Def, integer: boolean): fc.Arbitrary<number> {
  let min = -1000;
  let max = 1000;
  let int = integer;
  for (const c of checksOf(def)) {
    if (c.check === 'greater_than') min = Number(c.value) + (c.inclusive ? 0 : 1);
    if (c.check === 'less_than') max = Number(c.value) - (c.inclusive ? 0 : 1);
    if (c.check === 'number_format' && String(c.format).includes('int')) int = true;
  }
  return int ? fc.integer({ min, max: Math.max(min, max) }) : fc.double({ min, max: Math.max(min, max), noNaN: true });
}

/** Values the schema describes (its refinements may still refuse some: filter with safeParse). */
export function arbitraryOf(schema: unknown, depth = 0): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  if (depth > 8) return fc.constant(null);
  switch (def.type) {
    case 'object': {
      const shape = def.shape ?? {};
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      const required: string[] = [];
      for (const [key, value] of Object.entries(shape)) {
        record[key] = arbitraryOf(value, depth + 1);
        const t = defOf(value).type;
        if (t !== 'optional' && t !== 'default' && t !== 'prefault') required.push(key);
      }
      return fc.record(record, { requiredKeys: required });
    }
    case 'string':
      return stringArbitrary(def);
    case 'number':
      return numberArbitrary(def, false);
    case 'int':
      return numberArbitrary(def, true);
    case 'boolean':
      return fc.boolean();
    case 'literal':
      return fc.constantFrom(...(def.values ?? [null]));
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries ?? { x: 'x' }));
    case 'array': {
      let max = 3;
      let min = 0;
      for (const c of checksOf(def)) {
        if (c.check === 'max_length') max = Math.min(max, Number(c.maximum));
        if (c.check === 'min_length') min = Number(c.minimum);
      }
      return fc.array(arbitraryOf(def.element, depth + 1), { minLength: min, maxLength: Math.max(min, max) });
    }
    case 'optional':
      return fc.option(arbitraryOf(def.innerType, depth + 1), { nil: undefined });
    case 'nullable':
      return fc.option(arbitraryOf(def.innerType, depth + 1), { nil: null });
    case 'default':
    case 'prefault':
      return fc.option(arbitraryOf(def.innerType, depth + 1), { nil: undefined });
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return arbitraryOf(def.innerType, depth + 1);
    case 'pipe':
      return defOf(def.in).type === 'transform' ? arbitraryOf(def.out, depth + 1) : arbitraryOf(def.in, depth + 1);
    case 'lazy':
      return arbitraryOf(def.getter?.(), depth + 1);
    case 'union':
      return fc.oneof(...(def.options ?? []).map((o) => arbitraryOf(o, depth + 1)));
    case 'intersection':
      return fc
        .tuple(arbitraryOf(def.left, depth + 1), arbitraryOf(def.right, depth + 1))
        .map(([a, b]) => (typeof a === 'object' && typeof b === 'object' ? { ...a, ...b } : a));
    case 'record':
      return fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 });
    case 'null':
      return fc.constant(null);
    case 'date':
      return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Schema-shaped values with hostile strings and odd shapes mixed in at every level. */
export function hostileArbitraryOf(schema: unknown, depth = 0): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const hostileLeaf = fc.oneof(
    hostileString,
    fc.constantFrom(null, true, -1, 1e308, [], {}, '1970-01-01T00:00:00Z', '0001-01-01T00:00:00Z'),
  );
  if (def.type === 'object' && depth < 6) {
    const record: Record<string, fc.Arbitrary<unknown>> = {};
    for (const [key, value] of Object.entries(def.shape ?? {})) {
      record[key] = fc.oneof(
        { weight: 3, arbitrary: arbitraryOf(value, depth + 1) },
        hostileArbitraryOf(value, depth + 1),
      );
    }
    return fc.record(record, { requiredKeys: [] });
  }
  if (def.type === 'array' && depth < 6) return fc.array(hostileArbitraryOf(def.element, depth + 1), { maxLength: 3 });
  if (['optional', 'nullable', 'default', 'prefault', 'readonly'].includes(def.type)) {
    return hostileArbitraryOf(def.innerType, depth + 1);
  }
  return fc.oneof(arbitraryOf(schema, depth + 1), hostileLeaf);
}

/** One value the schema accepts, found by sampling (deterministic for a seed), or undefined. */
export function validSample(schema: { safeParse(v: unknown): { success: boolean } }, seed = 7): unknown {
  const candidates = fc.sample(arbitraryOf(schema), { numRuns: 300, seed });
  return candidates.find((c) => schema.safeParse(c).success);
}
