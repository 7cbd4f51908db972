import { alpha } from '../tokens/alpha';
import { breakpoints } from '../tokens/breakpoints';
import { colors, type ColorName } from '../tokens/colors';
import { Z_INDEX_OVERLAY } from '../tokens/constants';

/** The styled-components theme every component reads (`props.theme`). */
export interface AppTheme {
  mode: 'light' | 'dark';
  colors: Record<ColorName, string> & {
    onPrimary: string;
    background: string;
    surface: string;
    surfaceRaised: string;
    text: string;
    textMuted: string;
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
}

// Text and surfaces follow Vuexy's ink (#2F2B3D light, #E1DEF5 dark) so the teal primary reads as the accent.
function buildTheme(mode: AppTheme['mode']): AppTheme {
  const light = mode === 'light';
  const ink = light ? '#2F2B3D' : '#E1DEF5';
  const shadowInk = light ? '#2F2B3D' : '#131120';
  return {
    mode,
    colors: {
      primary: colors.primary,
      secondary: colors.secondary,
      success: colors.success,
      info: colors.info,
      warning: colors.warning,
      error: colors.error,
      onPrimary: '#FFFFFF',
      background: light ? colors.lightBackground : colors.darkBackground,
      surface: light ? '#FFFFFF' : '#2F3349',
      surfaceRaised: light ? '#FFFFFF' : '#363B54',
      text: alpha(ink, 0.9),
      textMuted: alpha(ink, 0.7),
      textDisabled: alpha(ink, 0.4),
      border: alpha(ink, 0.12),
      borderStrong: alpha(ink, 0.24),
      hover: alpha(ink, 0.06),
      backdrop: light ? alpha('#97959E', 0.5) : alpha('#171925', 0.6),
    },
    radius: { sm: '4px', md: '6px', lg: '10px', pill: '999px' },
    shadows: {
      sm: `0 2px 6px ${alpha(shadowInk, light ? 0.14 : 0.3)}`,
      md: `0 4px 18px ${alpha(shadowInk, light ? 0.1 : 0.3)}`,
      lg: `0 10px 30px ${alpha(shadowInk, light ? 0.2 : 0.4)}`,
    },
    font: {
      family: "'Public Sans', system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
      sizeSm: '0.8125rem',
      size: '0.9375rem',
      sizeLg: '1.125rem',
      sizeXl: '1.5rem',
    },
    breakpoints,
    zIndex: { overlay: Z_INDEX_OVERLAY, toast: Z_INDEX_OVERLAY + 100 },
    transition: '180ms cubic-bezier(0.4, 0, 0.2, 1)',
  };
}

/** The light theme (the default). */
export const lightTheme: AppTheme = buildTheme('light');
/** The dark theme. */
export const darkTheme: AppTheme = buildTheme('dark');
