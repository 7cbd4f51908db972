/**
 * The i18next namespace of the layout customizer panel: fetched when the panel first opens, so the first load does not
 * carry its texts (issue 25). The gear's label (`customizer.open`) stays in the shell's namespace.
 */
export const CUSTOMIZER_NS = 'customizer';
