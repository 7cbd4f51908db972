import { colors } from './colors';
import { contrastRatio, ensureContrast, mixColors, readableOn, relativeLuminance, textShade } from './contrast';

describe('contrast helpers', () => {
  it('computes WCAG luminance and contrast ratios', () => {
    expect(relativeLuminance('#000000')).toBe(0);
    expect(relativeLuminance('#FFFFFF')).toBe(1);
    expect(contrastRatio('#000000', '#FFFFFF')).toBeCloseTo(21, 5);
    expect(contrastRatio('#FFFFFF', '#FFFFFF')).toBe(1);
    // The spec's teal under white text is the failure the theme fixes (docs/decisions/043).
    expect(contrastRatio('#FFFFFF', colors.primary)).toBeCloseTo(3.73, 1);
    expect(contrastRatio(colors.primary, '#FFFFFF')).toBe(contrastRatio('#FFFFFF', colors.primary));
  });

  it('mixes colours', () => {
    expect(mixColors('#000000', '#FFFFFF', 0.5)).toBe('#808080');
    expect(mixColors('#0D9394', '#0D9394', 0.3)).toBe('#0D9394');
    expect(mixColors('teal', '#FFFFFF', 0.5)).toBe('teal');
  });

  it('keeps a colour that already reaches 4.5:1 and darkens or lightens one that does not', () => {
    expect(ensureContrast('#2F2B3D', '#FFFFFF')).toBe('#2F2B3D');
    const onLight = ensureContrast(colors.primary, '#FFFFFF');
    expect(contrastRatio(onLight, '#FFFFFF')).toBeGreaterThanOrEqual(4.5);
    expect(relativeLuminance(onLight)).toBeLessThan(relativeLuminance(colors.primary));
    const onDark = ensureContrast(colors.primary, '#2F3349');
    expect(contrastRatio(onDark, '#2F3349')).toBeGreaterThanOrEqual(4.5);
    expect(relativeLuminance(onDark)).toBeGreaterThan(relativeLuminance(colors.primary));
    expect(contrastRatio(ensureContrast('#FFAB1D', '#FFFFFF', 3), '#FFFFFF')).toBeGreaterThanOrEqual(3);
  });

  it('reaches 4.5:1 for any colour on light and dark surfaces', () => {
    for (const color of ['#FFFFFF', '#000000', '#FFFF00', '#7367F0', '#EB3D63', '#2092EC', ...Object.values(colors)]) {
      for (const surface of ['#FFFFFF', '#F8F7FA', '#2F3349', '#25293C']) {
        expect(contrastRatio(ensureContrast(color, surface), surface)).toBeGreaterThanOrEqual(4.5);
        const shade = textShade(color, surface);
        expect(contrastRatio(shade, mixColors(surface, color, 0.16))).toBeGreaterThanOrEqual(4.5);
      }
      expect(contrastRatio(readableOn(color), color)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('puts white on dark fills and a dark tone of the fill on light ones', () => {
    expect(readableOn('#5A4FD6')).toBe('#FFFFFF');
    const onTeal = readableOn(colors.primary);
    expect(onTeal).not.toBe('#FFFFFF');
    expect(relativeLuminance(onTeal)).toBeLessThan(0.05);
    expect(readableOn('not-a-colour')).toBe('#FFFFFF');
  });
});
