/**
 * English: the layout customizer panel's texts, an i18next namespace of their own fetched when the panel first opens,
 * so the first load does not carry them (issue 25). The gear's own label stays in the shell's namespace.
 */
export const customizerEn = {
  customizer: {
    title: 'Theme customizer',
    subtitle: 'Customize and preview in real time',
    close: 'Close the customizer',
    reset: 'Reset to defaults',
    theming: 'Theming',
    layout: 'Layout',
    primaryColor: 'Primary colour',
    customColor: 'Custom primary colour',
    customColorPalette: 'Primary colours',
    theme: 'Theme',
    light: 'Light',
    dark: 'Dark',
    system: 'System',
    skin: 'Skin',
    skinDefault: 'Default',
    skinBordered: 'Bordered',
    semiDark: 'Semi-dark navigation',
    contentWidth: 'Content width',
    boxed: 'Boxed',
    fluid: 'Fluid',
    navigation: 'Navigation',
    vertical: 'Vertical',
    horizontal: 'Horizontal',
    collapsed: 'Collapsed navigation',
    navbar: 'Navbar',
    footer: 'Footer',
    sticky: 'Sticky',
    static: 'Static',
    hidden: 'Hidden',
    blur: 'Navbar blur',
    direction: 'Direction',
    rtl: 'Right to left',
  },
};

type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };
/** Every locale carries every key of the namespace. */
export type CustomizerTranslation = Shape<typeof customizerEn>;
