import { standaloneRoutes } from '@crm/shared/standalone';
import AddCategoryDrawer from './exposed/add-category-drawer';
import DocumentCategoryListPage from './exposed/document-category-list-page';
import DocumentFormRoute from './exposed/document-form-page';
import DocumentListRoute from './exposed/document-list-page';
import DocumentViewRoute from './exposed/document-view-page';

/** The standalone shell's routes: the host's paths for these modules, from the route table (shared/src/routes). */
export const routes = standaloneRoutes(
  'documents',
  {
    './document-list-page': DocumentListRoute,
    './document-view-page': DocumentViewRoute,
    './document-form-page': DocumentFormRoute,
    './document-category-list-page': DocumentCategoryListPage,
    './add-category-drawer': AddCategoryDrawer,
  },
  { '/document/list': 'Документы', '/document-category/list': 'Категории документов' },
);
