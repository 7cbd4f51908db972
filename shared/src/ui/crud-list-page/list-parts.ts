// The chunk list-parts-loader.ts fetches: the kit's parts for settings lists (statuses, comment steps, document categories, allowed IPs),
// which no first screen draws.
export { ColorPicker } from '../components/color-picker';
export { InlineNameEditor } from '../components/inline-name-editor';
export { CrudListPage } from './crud-list-page';
export { OrderedColorTable } from './ordered-color-table';
export { OrderedListPage } from './ordered-list-page';
