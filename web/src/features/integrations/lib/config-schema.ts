/** One form field read from a service's configSchema (spec 001 §5: required marked, steps, min/max, passwords masked). */
export interface ConfigField {
  key: string;
  label: string;
  type: 'string' | 'number' | 'integer' | 'boolean' | 'select';
  required: boolean;
  password: boolean;
  placeholder?: string;
  min?: number;
  max?: number;
  options: { value: string; label: string }[];
  defaultValue?: unknown;
  hint?: string;
}

/**
 * The silence timeout every presence integration has besides its service's settings: how long a
 * block stays open after the last active report. Empty means learned from the source's cadence.
 */
export const SILENCE_TIMEOUT_FIELD: ConfigField = {
  key: 'silence_timeout_minutes',
  label: 'Silence timeout (minutes)',
  type: 'integer',
  required: false,
  password: false,
  placeholder: 'Learned from how often it reports',
  min: 1,
  max: 240,
  options: [],
  hint: 'How long someone stays active after the last report. Leave empty to learn it from how often this source reports.',
};

const TYPES = new Set(['string', 'number', 'integer', 'boolean', 'select']);
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/** The form's fields: the service's settings, and the silence timeout for presence integrations. */
export function integrationConfigFields(schema: Record<string, unknown>, kind: string): ConfigField[] {
  const fields = configFields(schema);
  return kind === 'presence' ? [...fields, SILENCE_TIMEOUT_FIELD] : fields;
}

export function configFields(schema: Record<string, unknown>): ConfigField[] {
  const props = schema.properties;
  if (!props || typeof props !== 'object') return [];
  const required = new Set(Array.isArray(schema.required) ? schema.required.map(String) : []);
  return Object.entries(props as Record<string, Record<string, unknown>>).map(([key, p]) => ({
    key,
    label: typeof p.label === 'string' ? p.label : typeof p.title === 'string' ? p.title : key,
    type: (TYPES.has(String(p.type)) ? p.type : 'string') as ConfigField['type'],
    required: required.has(key),
    password: p.password === true,
    placeholder: typeof p.placeholder === 'string' ? p.placeholder : undefined,
    min: num(p.minimum) ?? num(p.min),
    max: num(p.maximum) ?? num(p.max),
    options: Array.isArray(p.options)
      ? (p.options as { value: unknown; label?: unknown }[]).map((o) => ({
          value: String(o.value),
          label: typeof o.label === 'string' ? o.label : String(o.value),
        }))
      : [],
    defaultValue: p.default,
    hint: typeof p.description === 'string' ? p.description : undefined,
  }));
}

/** The form's text values: stored settings, else the schema default; password fields start empty. */
export function initialDraft(fields: ConfigField[], config: Record<string, unknown>): Record<string, string> {
  const draft: Record<string, string> = {};
  for (const f of fields) {
    const value = f.password ? undefined : (config[f.key] ?? f.defaultValue);
    draft[f.key] = value === undefined || value === null ? '' : String(value);
  }
  return draft;
}

type DraftResult = { patch: Record<string, unknown>; errors: Record<string, string> };

/**
 * The PATCH config of the changed fields. An emptied optional field is removed (null); an empty
 * password field keeps the stored secret; numbers are parsed and checked against min and max.
 */
export function draftToPatch(
  fields: ConfigField[],
  draft: Record<string, string>,
  initial: Record<string, string>,
  hasSecret: (key: string) => boolean,
): DraftResult {
  const patch: Record<string, unknown> = {};
  const errors: Record<string, string> = {};
  for (const f of fields) {
    const text = (draft[f.key] ?? '').trim();
    if (text === (initial[f.key] ?? '').trim()) {
      if (f.required && text === '' && !(f.password && hasSecret(f.key))) errors[f.key] = 'This field cannot be empty';
      continue;
    }
    if (text === '') {
      if (f.required) errors[f.key] = 'This field cannot be empty';
      else patch[f.key] = null;
      continue;
    }
    if (f.type === 'number' || f.type === 'integer') {
      const value = Number(text);
      if (!Number.isFinite(value)) errors[f.key] = 'Please enter a valid number';
      else if (f.type === 'integer' && !Number.isInteger(value)) errors[f.key] = 'Please enter a whole number';
      else if (f.min !== undefined && value < f.min) errors[f.key] = `Must be at least ${f.min}`;
      else if (f.max !== undefined && value > f.max) errors[f.key] = `Must be at most ${f.max}`;
      else patch[f.key] = value;
    } else if (f.type === 'boolean') patch[f.key] = text === 'true';
    else patch[f.key] = text;
  }
  return { patch, errors };
}
