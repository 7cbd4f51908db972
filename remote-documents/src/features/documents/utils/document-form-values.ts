import type { Document, DocumentInput } from '@crm/shared/schemas';

export interface DocumentFormValues {
  title: string;
  category_id: number | null;
  text: string;
  links: string[];
}

export const DOCUMENT_FORM_FIELDS = ['title', 'category_id', 'text', 'links'] as const;

export const EMPTY_DOCUMENT_FORM_VALUES: DocumentFormValues = { title: '', category_id: null, text: '', links: [] };

export function toDocumentFormValues(document: Document): DocumentFormValues {
  return { title: document.title, category_id: document.category_id, text: document.text, links: [...document.links] };
}

/** What the form sends (title, category_id, text, links), with the version an update was read at. */
export function toDocumentInput(values: DocumentFormValues, version?: number): DocumentInput {
  return {
    title: values.title,
    // No client-side validation: a missing category goes to the server, which answers under the field.
    category_id: values.category_id as number,
    text: values.text,
    links: values.links,
    ...(version === undefined ? {} : { version }),
  };
}
