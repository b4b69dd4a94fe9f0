import { describe, expect, it } from 'vitest';
import { configFields, draftToPatch, initialDraft } from './config-schema';

const schema = {
  type: 'object',
  properties: {
    serverUrl: { type: 'string', label: 'Server URL', placeholder: 'https://chat.example.com' },
    accessToken: { type: 'string', label: 'Personal access token', password: true },
    pages: { type: 'integer', label: 'Pages', minimum: 1, max: 10 },
    ratio: { type: 'number' },
  },
  required: ['serverUrl', 'accessToken'],
};
const fields = configFields(schema);
const noSecret = () => false;

describe('configFields', () => {
  it('reads labels, types, required, passwords and limits', () => {
    expect(fields.map((f) => [f.key, f.label, f.type, f.required, f.password])).toEqual([
      ['serverUrl', 'Server URL', 'string', true, false],
      ['accessToken', 'Personal access token', 'string', true, true],
      ['pages', 'Pages', 'integer', false, false],
      ['ratio', 'ratio', 'number', false, false],
    ]);
    expect(fields[2]).toMatchObject({ min: 1, max: 10 });
  });
  it('is empty without properties', () => {
    expect(configFields({})).toEqual([]);
  });
});

describe('draftToPatch', () => {
  const initial = initialDraft(fields, { serverUrl: 'https://a.example', pages: 3 });
  it('starts from stored values and leaves passwords empty', () => {
    expect(initial).toEqual({ serverUrl: 'https://a.example', accessToken: '', pages: '3', ratio: '' });
  });
  it('sends only changed fields, parsed', () => {
    const result = draftToPatch(fields, { ...initial, pages: '5', ratio: '0.5' }, initial, () => true);
    expect(result).toEqual({ patch: { pages: 5, ratio: 0.5 }, errors: {} });
  });
  it('keeps a stored secret when its field stays empty', () => {
    expect(draftToPatch(fields, initial, initial, () => true).errors).toEqual({});
    expect(draftToPatch(fields, initial, initial, noSecret).errors).toEqual({
      accessToken: 'This field cannot be empty',
    });
  });
  it('refuses bad numbers and empty required fields, and removes emptied optional ones', () => {
    const result = draftToPatch(
      fields,
      { serverUrl: ' ', accessToken: 'tok', pages: '', ratio: 'abc' },
      initial,
      noSecret,
    );
    expect(result.errors).toEqual({ serverUrl: 'This field cannot be empty', ratio: 'Please enter a valid number' });
    expect(result.patch).toEqual({ accessToken: 'tok', pages: null });
  });
  it('checks integer and range', () => {
    expect(draftToPatch(fields, { ...initial, pages: '2.5' }, initial, () => true).errors.pages).toBe(
      'Please enter a whole number',
    );
    expect(draftToPatch(fields, { ...initial, pages: '11' }, initial, () => true).errors.pages).toBe(
      'Must be at most 10',
    );
  });
});
