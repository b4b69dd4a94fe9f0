/**
 * The one input rule every value the API accepts follows, whatever its route: no string (value or
 * key) holds a NUL character or a lone surrogate (PostgreSQL can store neither, in text or jsonb),
 * and no JSON value nests deeper than MAX_INPUT_DEPTH levels. The server checks every body, query
 * and path before its route runs, so a refused request changes nothing.
 */
export const MAX_INPUT_DEPTH = 32;

export interface InputProblem {
  field: string;
  message: string;
}

/** The part of a zod schema this rule reads to name a field without echoing keys the client made up. */
interface SchemaDef {
  type?: string;
  shape?: Record<string, unknown>;
  element?: unknown;
  innerType?: unknown;
  in?: unknown;
  out?: unknown;
  options?: unknown[];
  left?: unknown;
  right?: unknown;
  getter?: () => unknown;
}

const defOf = (schema: unknown): SchemaDef | undefined =>
  (schema as { _zod?: { def?: SchemaDef } } | undefined)?._zod?.def;

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional']);

/** How many leading segments of `path` the schema names itself (its own keys and array positions). */
function namedDepth(schema: unknown, path: readonly string[], from = 0, guard = 0): number {
  const def = defOf(schema);
  if (!def || from >= path.length || guard > 64) return from;
  if (def.type && WRAPPERS.has(def.type)) return namedDepth(def.innerType, path, from, guard + 1);
  if (def.type === 'pipe') return namedDepth(def.in, path, from, guard + 1);
  if (def.type === 'lazy' && def.getter) return namedDepth(def.getter(), path, from, guard + 1);
  if (def.type === 'union' && def.options) {
    return Math.max(from, ...def.options.map((o) => namedDepth(o, path, from, guard + 1)));
  }
  if (def.type === 'intersection') {
    return Math.max(namedDepth(def.left, path, from, guard + 1), namedDepth(def.right, path, from, guard + 1));
  }
  const segment = path[from] as string;
  if (def.type === 'object' && def.shape && Object.hasOwn(def.shape, segment)) {
    return namedDepth(def.shape[segment], path, from + 1, guard + 1);
  }
  if ((def.type === 'array' || def.type === 'set') && /^\d{1,9}$/.test(segment)) {
    return namedDepth(def.element, path, from + 1, guard + 1);
  }
  return from;
}

/**
 * The field a problem at `path` is reported under: the path as far as the schema names it (keys
 * inside free-form values such as `details` or `metadata` are the client's, and never echoed).
 */
export function fieldOf(schema: unknown, path: readonly string[], root: string): string {
  const known = schema ? namedDepth(schema, path) : 0;
  return known === 0 ? root : path.slice(0, known).join('.');
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether a string holds something no column can store: a NUL character or a lone surrogate. */
export function unstorableText(value: string): boolean {
  return value.includes('\u0000') || LONE_SURROGATE.test(value);
}

/**
 * Whether every value keeps the rule: the check of every request, so it builds no path (the field
 * of a problem is worked out by a second walk, for refused requests only). Iterative, as below.
 */
function keepsRule(value: unknown): boolean {
  const values: unknown[] = [value];
  const depths: number[] = [0];
  while (values.length > 0) {
    const current = values.pop();
    const depth = depths.pop() as number;
    if (typeof current === 'string') {
      if (unstorableText(current)) return false;
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    if (depth >= MAX_INPUT_DEPTH) return false;
    if (Array.isArray(current)) {
      for (const child of current) {
        values.push(child);
        depths.push(depth + 1);
      }
      continue;
    }
    for (const key of Object.keys(current)) {
      if (unstorableText(key)) return false;
      values.push((current as Record<string, unknown>)[key]);
      depths.push(depth + 1);
    }
  }
  return true;
}

/**
 * The first value breaking the rule, or undefined when every value keeps it. Iterative, so a body
 * nested 50,000 deep is refused without exhausting the stack.
 */
export function inputProblem(value: unknown, schema: unknown, root: string): InputProblem | undefined {
  if (keepsRule(value)) return undefined;
  const stack: { value: unknown; path: string[]; depth: number }[] = [{ value, path: [], depth: 0 }];
  while (stack.length > 0) {
    const item = stack.pop() as { value: unknown; path: string[]; depth: number };
    const { value: current, path, depth } = item;
    if (typeof current === 'string') {
      if (unstorableText(current)) {
        return { field: fieldOf(schema, path, root), message: 'must not contain NUL characters or lone surrogates' };
      }
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    if (depth >= MAX_INPUT_DEPTH) {
      return {
        field: fieldOf(schema, path, root),
        message: `must not be nested more than ${MAX_INPUT_DEPTH} levels deep`,
      };
    }
    if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--)
        stack.push({ value: current[i], path: [...path, String(i)], depth: depth + 1 });
      continue;
    }
    const entries = Object.entries(current as Record<string, unknown>);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, child] = entries[i] as [string, unknown];
      if (unstorableText(key)) {
        return {
          field: fieldOf(schema, path, root),
          message: 'must not contain NUL characters or lone surrogates in its keys',
        };
      }
      stack.push({ value: child, path: [...path, key], depth: depth + 1 });
    }
  }
  return undefined;
}
