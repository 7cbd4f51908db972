/** Editing-area height from the spec. */
export const RICH_TEXT_EDITOR_HEIGHT = 400;
