/** Editing-area height from the spec (§9). */
export const RICH_TEXT_EDITOR_HEIGHT = 400;
