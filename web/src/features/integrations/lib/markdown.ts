import { safeHref } from '../../../lib/safe-href';
/**
 * A tiny markdown reader for service descriptions (spec 001 §9: headings, bold, italic, code,
 * lists, links). It produces a tree that is rendered as React elements, so no HTML from the text
 * ever reaches the page.
 */
export type Inline =
  | { type: 'text'; text: string }
  | { type: 'strong'; children: Inline[] }
  | { type: 'em'; children: Inline[] }
  | { type: 'code'; text: string }
  | { type: 'link'; href: string; children: Inline[] };

export type Block =
  | { type: 'heading'; level: 1 | 2 | 3 | 4; children: Inline[] }
  | { type: 'paragraph'; children: Inline[] }
  | { type: 'list'; ordered: boolean; items: Inline[][] }
  | { type: 'code'; text: string };

/** Links may only go where `safeHref` allows (http(s), mailto, a path on this site); anything else stays text. */
export { safeHref };

const INLINE = /(`[^`]+`)|(\*\*[^*]+?\*\*|__[^_]+?__)|(\*[^*\s][^*]*?\*|_[^_\s][^_]*?_)|(\[[^\]]+\]\([^)\s]+\))/;

export function parseInline(text: string): Inline[] {
  const out: Inline[] = [];
  let rest = text;
  while (rest.length > 0) {
    const match = INLINE.exec(rest);
    if (!match) {
      out.push({ type: 'text', text: rest });
      break;
    }
    if (match.index > 0) out.push({ type: 'text', text: rest.slice(0, match.index) });
    const [token, code, strong, em, link] = match;
    if (code) out.push({ type: 'code', text: code.slice(1, -1) });
    else if (strong) out.push({ type: 'strong', children: parseInline(strong.slice(2, -2)) });
    else if (em) out.push({ type: 'em', children: parseInline(em.slice(1, -1)) });
    else if (link) {
      const [, label = '', target = ''] = /^\[([^\]]+)\]\(([^)\s]+)\)$/.exec(link) ?? [];
      const href = safeHref(target);
      out.push(href ? { type: 'link', href, children: parseInline(label) } : { type: 'text', text: label });
    }
    rest = rest.slice(match.index + token.length);
  }
  return mergeText(out);
}

function mergeText(nodes: Inline[]): Inline[] {
  const merged: Inline[] = [];
  for (const node of nodes) {
    const last = merged[merged.length - 1];
    if (node.type === 'text' && last?.type === 'text') last.text += node.text;
    else merged.push(node);
  }
  return merged;
}

const HEADING = /^(#{1,6})\s+(.*?)\s*#*\s*$/;
const BULLET = /^\s*[-*+]\s+(.*)$/;
const NUMBERED = /^\s*\d+[.)]\s+(.*)$/;

export function parseMarkdown(source: string): Block[] {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length > 0) blocks.push({ type: 'paragraph', children: parseInline(paragraph.join(' ')) });
    paragraph = [];
  };

  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    if (line.trim().startsWith('```')) {
      flush();
      const code: string[] = [];
      i++;
      while (i < lines.length && !(lines[i] as string).trim().startsWith('```')) code.push(lines[i++] as string);
      blocks.push({ type: 'code', text: code.join('\n') });
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      flush();
      const level = Math.min(4, (heading[1] as string).length) as 1 | 2 | 3 | 4;
      blocks.push({ type: 'heading', level, children: parseInline(heading[2] as string) });
      continue;
    }
    const bullet = BULLET.exec(line);
    const numbered = bullet ? null : NUMBERED.exec(line);
    if (bullet || numbered) {
      flush();
      const ordered = Boolean(numbered);
      const item = parseInline(((bullet ?? numbered) as RegExpExecArray)[1] as string);
      const last = blocks[blocks.length - 1];
      if (last?.type === 'list' && last.ordered === ordered) last.items.push(item);
      else blocks.push({ type: 'list', ordered, items: [item] });
      continue;
    }
    if (line.trim() === '') {
      flush();
      continue;
    }
    paragraph.push(line.trim());
  }
  flush();
  return blocks;
}
