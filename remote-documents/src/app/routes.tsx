import type { RouteObject } from 'react-router-dom';
import AddCategoryDrawer from './exposed/add-category-drawer';
import DocumentCategoryListPage from './exposed/document-category-list-page';

/** The standalone shell's routes: the same paths and child routes the host gives these modules (issue §4). */
export const routes: RouteObject[] = [
  {
    path: '/document-category/list',
    handle: { title: 'Категории документов' },
    element: <DocumentCategoryListPage />,
    children: [{ path: 'AddDrawer', element: <AddCategoryDrawer /> }],
  },
];
