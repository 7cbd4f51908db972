import { alpha } from '../tokens/alpha';
import { breakpoints } from '../tokens/breakpoints';
import { colors, type ColorName } from '../tokens/colors';
import { Z_INDEX_OVERLAY } from '../tokens/constants';
import { contrastRatio, ensureContrast, readableOn, textShade } from '../tokens/contrast';

/** The styled-components theme every component reads (`props.theme`). */
export interface AppTheme {
  mode: 'light' | 'dark';
  colors: Record<ColorName, string> & Record<`${ColorName}Text`, string> & {
    /** The primary as a fill under text (buttons, active items): the primary, or a slightly darker shade for white text. */
    primaryFill: string;
    /** Text on `primaryFill` (white, or a dark tone of the fill for light primaries). */
    onPrimary: string;
    /** The error colour as a fill under white text (danger buttons, counts). */
    errorFill: string;
    onError: string;
    background: string;
    surface: string;
    surfaceRaised: string;
    text: string;
    textMuted: string;
    /** Placeholders and hints that must stay readable (4.5:1), lighter than `textMuted`. */
    textPlaceholder: string;
    textDisabled: string;
    border: string;
    borderStrong: string;
    hover: string;
    backdrop: string;
  };
  radius: { sm: string; md: string; lg: string; pill: string };
  shadows: { sm: string; md: string; lg: string };
  font: { family: string; sizeSm: string; size: string; sizeLg: string; sizeXl: string };
  breakpoints: typeof breakpoints;
  zIndex: { overlay: number; toast: number };
  transition: string;
  /** The spec's skin: `bordered` trades shadows for borders. */
  skin: Skin;
}

/** The spec's skins. */
export type Skin = 'default' | 'bordered';

/**
 * Background and surface of each theme per skin ("a skin change swaps background and surface colours of all
 * themes"). The pre-paint script in tooling/index.html carries the same values; a test keeps them equal.
 */
export const SKIN_COLORS: Record<AppTheme['mode'], Record<Skin, { background: string; surface: string }>> = {
  light: {
    default: { background: colors.lightBackground, surface: '#FFFFFF' },
    bordered: { background: '#FFFFFF', surface: '#FFFFFF' },
  },
  dark: {
    default: { background: colors.darkBackground, surface: '#2F3349' },
    bordered: { background: '#2F3349', surface: '#2F3349' },
  },
};

export interface AppThemeOptions {
  /** The primary colour (`#RRGGBB`); the brand teal when absent. */
  primary?: string;
  skin?: Skin;
}

function shadeForGrounds(color: string, grounds: string[], tint?: number): string {
  return grounds.reduce((shade, ground) => textShade(shade, ground, tint), color);
}

/**
 * A shade of any `#RRGGBB` colour (e.g. a lead status's own colour) readable as text on the theme's background and
 * surfaces, and on the colour's own tint up to `tint` opacity. Used where users choose the colour.
 */
export function themeTextShade(theme: Pick<AppTheme, 'colors'>, color: string, tint = 0.16): string {
  const { background, surface, surfaceRaised } = theme.colors;
  return shadeForGrounds(color, [background, surface, surfaceRaised], tint);
}

/**
 * A fill colour under white text: `color` itself when white reaches 4.5:1, the nearest darker shade when it is close
 * (3:1 or more, e.g. the spec's teal, 3.7:1), else `color` unchanged (light colours take dark text, see `readableOn`).
 */
function fillForWhiteText(color: string): string {
  const ratio = contrastRatio('#FFFFFF', color);
  return ratio >= 3 && ratio < 4.5 ? ensureContrast(color, '#FFFFFF') : color;
}

// Text and surfaces follow Vuexy's ink (#2F2B3D light, #E1DEF5 dark) so the teal primary reads as the accent.
export function createAppTheme(mode: AppTheme['mode'], options: AppThemeOptions = {}): AppTheme {
  const light = mode === 'light';
  const skin = options.skin ?? 'default';
  const primary = /^#[0-9a-f]{6}$/i.test(options.primary ?? '') ? (options.primary as string) : colors.primary;
  const { background, surface } = SKIN_COLORS[mode][skin];
  const bordered = skin === 'bordered';
  const ink = light ? '#2F2B3D' : '#E1DEF5';
  const shadowInk = light ? '#2F2B3D' : '#131120';
  const surfaceRaised = light ? '#FFFFFF' : '#363B54';
  // The spec's colours stay the brand (backgrounds, borders, focus rings, icons); text uses a shade reaching 4.5:1 on
  // every ground of the theme and on the colour's own 16% tint (docs/decisions/043).
  const safeText = (color: string) => shadeForGrounds(color, [background, surface, surfaceRaised]);
  const primaryFill = fillForWhiteText(primary);
  const errorFill = fillForWhiteText(colors.error);
  return {
    mode,
    colors: {
      primary,
      secondary: colors.secondary,
      success: colors.success,
      info: colors.info,
      warning: colors.warning,
      error: colors.error,
      primaryText: safeText(primary),
      secondaryText: safeText(colors.secondary),
      successText: safeText(colors.success),
      infoText: safeText(colors.info),
      warningText: safeText(colors.warning),
      errorText: safeText(colors.error),
      primaryFill,
      onPrimary: readableOn(primaryFill),
      errorFill,
      onError: readableOn(errorFill),
      background,
      surface,
      surfaceRaised,
      text: alpha(ink, 0.9),
      textMuted: alpha(ink, light ? 0.75 : 0.8),
      textPlaceholder: alpha(ink, light ? 0.7 : 0.72),
      textDisabled: alpha(ink, 0.4),
      border: alpha(ink, 0.12),
      borderStrong: alpha(ink, 0.24),
      hover: alpha(ink, 0.06),
      backdrop: light ? alpha('#97959E', 0.5) : alpha('#171925', 0.6),
    },
    radius: { sm: '4px', md: '6px', lg: '10px', pill: '999px' },
    shadows: {
      // Bordered: cards and bars get a hairline instead of a shadow; menus and dialogs keep theirs.
      sm: bordered ? `0 0 0 1px ${alpha(ink, 0.12)}` : `0 2px 6px ${alpha(shadowInk, light ? 0.14 : 0.3)}`,
      md: bordered ? `0 0 0 1px ${alpha(ink, 0.12)}` : `0 4px 18px ${alpha(shadowInk, light ? 0.1 : 0.3)}`,
      lg: `0 10px 30px ${alpha(shadowInk, light ? 0.2 : 0.4)}`,
    },
    font: {
      // Public Sans has no Cyrillic nor Arabic: the host serves Inter's and Noto Sans Arabic's subsets for those
      // (docs/decisions/069); Latin never reaches them.
      family: "'Public Sans', 'Inter Variable', 'Noto Sans Arabic Variable', system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
      sizeSm: '0.8125rem',
      size: '0.9375rem',
      sizeLg: '1.125rem',
      sizeXl: '1.5rem',
    },
    breakpoints,
    zIndex: { overlay: Z_INDEX_OVERLAY, toast: Z_INDEX_OVERLAY + 100 },
    transition: '180ms cubic-bezier(0.4, 0, 0.2, 1)',
    skin,
  };
}

/** The light theme (the default). */
export const lightTheme: AppTheme = createAppTheme('light');
/** The dark theme. */
export const darkTheme: AppTheme = createAppTheme('dark');
