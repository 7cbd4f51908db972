// Federation module ./add-category-drawer: the child route /document-category/list/AddDrawer.
export { AddCategoryDrawer as default } from '../../features/document-categories/components/add-category-drawer';
