import type { RouteObject } from '@crm/shared/router';
import AddCategoryDrawer from './exposed/add-category-drawer';
import DocumentCategoryListPage from './exposed/document-category-list-page';
import DocumentFormRoute from './exposed/document-form-page';
import DocumentListRoute from './exposed/document-list-page';
import DocumentViewRoute from './exposed/document-view-page';

/** The standalone shell's routes: the same paths and child routes the host gives these modules (§2). */
export const routes: RouteObject[] = [
  { path: '/document/list', handle: { title: 'Документы' }, element: <DocumentListRoute /> },
  { path: '/document/list/:id', handle: { title: 'Документы' }, element: <DocumentListRoute /> },
  // Both readings of the form routes (§2): add (with its child Form) and create; edit when `:id` is present.
  { path: '/document/add', element: <DocumentFormRoute />, children: [{ path: 'Form', element: null }] },
  { path: '/document/create', element: <DocumentFormRoute /> },
  { path: '/document/:id/edit', element: <DocumentFormRoute /> },
  // react-router has no `:id-view`: the whole segment is the parameter, the page reads the id from it.
  { path: '/document/:idView', element: <DocumentViewRoute /> },
  {
    path: '/document-category/list',
    handle: { title: 'Категории документов' },
    element: <DocumentCategoryListPage />,
    children: [{ path: 'AddDrawer', element: <AddCategoryDrawer /> }],
  },
];
