// Federation module ./document-category-list-page (/document-category/list); the host mounts ./add-category-drawer as its child route.
export { DocumentCategoryListPage as default } from '../../features/document-categories/components/document-category-list-page';
