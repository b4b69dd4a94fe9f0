const channel = (c: number) => {
  const s = c / 255;
  return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
};

function parseHex(hex: string): [number, number, number] {
  const full = hex.length === 4 ? [...hex.slice(1)].map((c) => c + c).join('') : hex.slice(1, 7);
  const n = Number.parseInt(full, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

const luminance = ([r, g, b]: [number, number, number]) =>
  0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
const toHex = (rgb: [number, number, number]) =>
  `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

const DARK_TEXT_LUMINANCE = 0.0097; // #18181b

/**
 * A background close to `hex` and a text colour on it with at least 4.5:1 contrast (WCAG AA for
 * small text): white or near-black when one already passes, else the colour darkened until white does.
 */
export function legiblePair(hex: string): { background: string; text: '#ffffff' | '#18181b' } {
  let rgb = parseHex(hex);
  if (rgb.some((c) => Number.isNaN(c))) return { background: '#52525b', text: '#ffffff' };
  const l = luminance(rgb);
  if (1.05 / (l + 0.05) >= 4.5) return { background: hex, text: '#ffffff' };
  if ((l + 0.05) / (DARK_TEXT_LUMINANCE + 0.05) >= 4.5) return { background: hex, text: '#18181b' };
  while (1.05 / (luminance(rgb) + 0.05) < 4.5) rgb = rgb.map((c) => c * 0.92) as [number, number, number];
  return { background: toHex(rgb), text: '#ffffff' };
}
