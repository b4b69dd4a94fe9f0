/**
 * Parses the bodies and query strings the Stripe SDK sends (`application/x-www-form-urlencoded`
 * with bracketed keys: `line_items[0][price]=p&subscription_data[metadata][a]=b`) into nested
 * objects. Arrays come back as objects keyed '0', '1'..., read with `listOf`.
 */
export type FormValue = string | FormObject;
export interface FormObject {
  [key: string]: FormValue;
}

export function parseForm(text: string): FormObject {
  const root: FormObject = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = key.split(/\[|\]\[|\]/).filter((p) => p !== '');
    let node = root;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) {
        node[part] = value;
        return;
      }
      const next = node[part];
      if (typeof next === 'object') node = next;
      else {
        const created: FormObject = {};
        node[part] = created;
        node = created;
      }
    });
  }
  return root;
}

export const str = (v: FormValue | undefined): string | undefined => (typeof v === 'string' ? v : undefined);
export const obj = (v: FormValue | undefined): FormObject => (typeof v === 'object' ? v : {});
export const listOf = (v: FormValue | undefined): FormObject[] =>
  Object.entries(obj(v))
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([, item]) => obj(item));
export const flatStrings = (v: FormValue | undefined): Record<string, string> =>
  Object.fromEntries(Object.entries(obj(v)).filter((e): e is [string, string] => typeof e[1] === 'string'));
