// Federation module ./document-view-page (/document/:id-view).
export { DocumentViewPage as default } from '../../features/documents/components/document-view-page';
