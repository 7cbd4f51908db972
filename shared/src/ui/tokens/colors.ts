/** The spec's palette. */
export const colors = {
  primary: '#0D9394',
  secondary: '#A8AAAE',
  success: '#28C76F',
  info: '#00CFE8',
  warning: '#FF9F43',
  error: '#EA5455',
  lightBackground: '#F8F7FA',
  darkBackground: '#25293C',
} as const;

/** Palette entries a component may be tinted with. */
export type ColorName = 'primary' | 'secondary' | 'success' | 'info' | 'warning' | 'error';
