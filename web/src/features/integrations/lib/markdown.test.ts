import { describe, expect, it } from 'vitest';
import { parseInline, parseMarkdown, safeHref } from './markdown';

describe('parseInline', () => {
  it('reads bold, italic and code', () => {
    expect(parseInline('a **b** *c* `d`')).toEqual([
      { type: 'text', text: 'a ' },
      { type: 'strong', children: [{ type: 'text', text: 'b' }] },
      { type: 'text', text: ' ' },
      { type: 'em', children: [{ type: 'text', text: 'c' }] },
      { type: 'text', text: ' ' },
      { type: 'code', text: 'd' },
    ]);
  });
  it('reads safe links', () => {
    expect(parseInline('[docs](https://example.com/x)')).toEqual([
      { type: 'link', href: 'https://example.com/x', children: [{ type: 'text', text: 'docs' }] },
    ]);
  });
  it('keeps unsafe links as plain text', () => {
    expect(parseInline('[click](javascript:alert(1))')).toEqual([{ type: 'text', text: 'click)' }]);
    expect(parseInline('[x](data:text/html,hi)')).toEqual([{ type: 'text', text: 'x' }]);
  });
  it('leaves HTML as text', () => {
    expect(parseInline('<img src=x onerror=alert(1)>')).toEqual([
      { type: 'text', text: '<img src=x onerror=alert(1)>' },
    ]);
  });
  it('does not treat a lone asterisk as emphasis', () => {
    expect(parseInline('2 * 3 = 6')).toEqual([{ type: 'text', text: '2 * 3 = 6' }]);
  });
});

describe('safeHref', () => {
  it('allows http(s), mailto and site paths only', () => {
    expect(safeHref('https://a.b')).toBe('https://a.b');
    expect(safeHref('mailto:x@y.z')).toBe('mailto:x@y.z');
    expect(safeHref('/docs')).toBe('/docs');
    expect(safeHref('//evil.com')).toBeNull();
    expect(safeHref('JavaScript:alert(1)')).toBeNull();
  });

  it('keeps a link to /\\evil.com (read by browsers as //evil.com) as plain text', () => {
    expect(parseInline('[docs](/\\evil.com)')).toEqual([{ type: 'text', text: 'docs' }]);
    expect(parseInline('[docs](\\\\evil.com)')).toEqual([{ type: 'text', text: 'docs' }]);
  });
});

describe('parseMarkdown', () => {
  it('reads headings, paragraphs, lists and code blocks', () => {
    const blocks = parseMarkdown(
      '# Title\n\nSome text\nwrapped.\n\n- one\n- **two**\n\n1. first\n2. second\n\n```\ncurl -X POST\n```',
    );
    expect(blocks.map((b) => b.type)).toEqual(['heading', 'paragraph', 'list', 'list', 'code']);
    expect(blocks[0]).toEqual({ type: 'heading', level: 1, children: [{ type: 'text', text: 'Title' }] });
    expect(blocks[1]).toEqual({ type: 'paragraph', children: [{ type: 'text', text: 'Some text wrapped.' }] });
    expect(blocks[2]).toMatchObject({ type: 'list', ordered: false });
    expect(blocks[3]).toMatchObject({
      type: 'list',
      ordered: true,
      items: [[{ text: 'first' }], [{ text: 'second' }]],
    });
    expect(blocks[4]).toEqual({ type: 'code', text: 'curl -X POST' });
  });
  it('caps heading depth at 4', () => {
    expect(parseMarkdown('###### deep')[0]).toMatchObject({ type: 'heading', level: 4 });
  });
  it('is empty for blank text', () => {
    expect(parseMarkdown('  \n\n')).toEqual([]);
  });
});
