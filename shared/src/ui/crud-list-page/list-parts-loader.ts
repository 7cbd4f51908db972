import { lazyComponent } from '../components/lazy-component';
import { lazyPart } from '../components/lazy-part';
import type { CrudListPage as CrudListPageView } from './crud-list-page';
import type { OrderedColorTable as OrderedColorTableView } from './ordered-color-table';
import type { OrderedListPage as OrderedListPageView } from './ordered-list-page';

// CrudListPage, OrderedListPage, OrderedColorTable, ColorPicker and InlineNameEditor are fetched when one first renders, not with
// the kit: the list of leads, the page every session starts on, draws none of them (docs/decisions/033).
const listParts = lazyPart('list-parts', () => import(/* webpackChunkName: "ui-list-parts" */ './list-parts'));

export const loadListParts = listParts.load;

export const CrudListPage = lazyComponent(listParts, (m) => m.CrudListPage, 'CrudListPage') as unknown as typeof CrudListPageView;
export const OrderedColorTable = lazyComponent(
  listParts,
  (m) => m.OrderedColorTable,
  'OrderedColorTable',
) as unknown as typeof OrderedColorTableView;
export const OrderedListPage = lazyComponent(
  listParts,
  (m) => m.OrderedListPage,
  'OrderedListPage',
) as unknown as typeof OrderedListPageView;
export const ColorPicker = lazyComponent(listParts, (m) => m.ColorPicker, 'ColorPicker');
export const InlineNameEditor = lazyComponent(listParts, (m) => m.InlineNameEditor, 'InlineNameEditor');
