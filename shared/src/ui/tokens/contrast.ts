/**
 * WCAG 2.x contrast (relative luminance) and the text-safe shades the theme derives from any `#RRGGBB` colour, so
 * user-chosen colours (the customizer's primary, lead status colours) stay readable as text and under text.
 */

/** WCAG AA minimum for normal text; large text and UI components need 3. */
export const MIN_TEXT_CONTRAST = 4.5;

type Rgb = [number, number, number];

function parseHex(hex: string): Rgb | null {
  const match = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!match) return null;
  const n = parseInt(match[1], 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function toHex([r, g, b]: Rgb): string {
  return `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('').toUpperCase()}`;
}

/** `a` mixed with `b` (`weight` of `b`, 0–1), both `#RRGGBB`; an unreadable colour returns `a` unchanged. */
export function mixColors(a: string, b: string, weight: number): string {
  const x = parseHex(a);
  const y = parseHex(b);
  if (!x || !y) return a;
  return toHex([0, 1, 2].map((i) => x[i] + (y[i] - x[i]) * weight) as Rgb);
}

/** WCAG relative luminance of a `#RRGGBB` colour (0 black – 1 white). */
export function relativeLuminance(hex: string): number {
  const rgb = parseHex(hex);
  if (!rgb) return 0;
  const [r, g, b] = rgb.map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two `#RRGGBB` colours, 1–21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

/**
 * `color`, or the nearest shade of it (mixed towards black on light grounds, towards white on dark ones) whose contrast
 * with `against` reaches `min`. Colours that are not `#RRGGBB` pass through.
 */
export function ensureContrast(color: string, against: string, min = MIN_TEXT_CONTRAST): string {
  if (!parseHex(color) || !parseHex(against)) return color;
  if (contrastRatio(color, against) >= min) return color;
  const towards = contrastRatio('#000000', against) >= contrastRatio('#FFFFFF', against) ? '#000000' : '#FFFFFF';
  for (let step = 1; step <= 50; step += 1) {
    const shade = mixColors(color, towards, step / 50);
    if (contrastRatio(shade, against) >= min) return shade;
  }
  return towards;
}

/**
 * Text for a filled `background`: white when it reaches `min`, otherwise a dark shade of the background itself (a
 * tonal ink that reads as the same hue). Either of black and white always reaches 4.5:1, so this always succeeds.
 */
export function readableOn(background: string, min = MIN_TEXT_CONTRAST): string {
  if (!parseHex(background)) return '#FFFFFF';
  if (contrastRatio('#FFFFFF', background) >= min) return '#FFFFFF';
  return ensureContrast(mixColors(background, '#000000', 0.5), background, min);
}

/**
 * A shade of `color` readable as text on `surface` and on `color`'s own tint over it (`tint` opacity, as chips and
 * tonal buttons draw it), so the same text colour works on the plain surface and on the tonal background.
 */
export function textShade(color: string, surface: string, tint = 0.16): string {
  if (!parseHex(color) || !parseHex(surface)) return color;
  return ensureContrast(color, mixColors(surface, color, tint));
}
