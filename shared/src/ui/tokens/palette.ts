import { colors } from './colors';

/** The spec's palette, with names a screen reader can say (the `ui` texts `colorPicker.<name>`). */
export const COLOR_PALETTE = [
  { color: colors.primary, name: 'teal' },
  { color: colors.info, name: 'blue' },
  { color: colors.success, name: 'green' },
  { color: colors.warning, name: 'orange' },
  { color: colors.error, name: 'red' },
  { color: colors.secondary, name: 'grey' },
] as const;
