export const DOCUMENT_LIST_PATH = '/document/list';

/** Закрыть goes to the document's category list when it exists, else to the whole list. */
export function documentCloseTarget(document: { category_id: number } | null): string {
  return document ? `${DOCUMENT_LIST_PATH}/${document.category_id}` : DOCUMENT_LIST_PATH;
}
