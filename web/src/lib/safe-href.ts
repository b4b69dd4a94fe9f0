/**
 * The one check every link built from data goes through (event URLs, markdown links, provider and
 * build links): http(s) and mailto addresses, or a path on this site. Anything else — javascript:,
 * data:, a protocol-relative `//host`, or `/\host` and `\\host`, which browsers read as `//host` —
 * answers null, and the caller shows plain text instead of a link.
 */
export function safeHref(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const href = raw.trim();
  // Browsers drop tabs and line breaks inside URLs ('java\tscript:'); refuse any control character.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses
  if (/[\u0000-\u001f\u007f]/.test(href)) return null;
  if (/^(https?:\/\/[^/\\]|mailto:)/i.test(href)) return href;
  if (href.startsWith('/') && !/^\/[/\\]/.test(href)) return href;
  return null;
}
