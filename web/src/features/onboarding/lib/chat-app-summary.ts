/**
 * The first sentence of a service description, as plain text. Descriptions are the operator's
 * Markdown documentation (heading, paragraphs, lists); a card only has room for what it does.
 */
export function chatAppSummary(description: string | null): string | null {
  if (!description) return null;
  const paragraph = description
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .find((p) => p && !p.startsWith('#') && !/^[-*]\s/.test(p));
  if (!paragraph) return null;
  const plain = paragraph
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/[*_`]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  const sentence = plain.match(/^.*?[.!?:](?=\s|$)/)?.[0] ?? plain;
  return sentence.endsWith(':') ? `${sentence.slice(0, -1)}.` : sentence;
}
