import { documentCategorySchema } from './document-category';
import { documentListItemSchema, listDocumentsQuerySchema } from './document';
import { miniDocumentCategorySchema, miniDocumentListItemSchema, miniListDocumentsQuerySchema } from './mini/document-list';
import { INT4_MAX } from './mini/id';

type Parser = { safeParse(value: unknown): { success: boolean; data?: unknown; error?: { issues: { path: PropertyKey[]; message: string }[] } } };

/** What a caller sees of a parse: the value, or each refused field's path and message. */
function outcome(schema: Parser, value: unknown) {
  const result = schema.safeParse(value);
  return result.success
    ? { success: true, data: result.data }
    : { success: false, issues: result.error!.issues.map(({ path, message }) => ({ path, message })) };
}

/** The zod/mini twin answers every input as the classic schema the API validates with. */
function expectTwins(classic: Parser, mini: Parser, value: unknown, accepted: boolean) {
  const expected = outcome(classic, value);
  expect(expected.success).toBe(accepted);
  expect(outcome(mini, value)).toEqual(expected);
}

describe('the documents list’s zod/mini schemas', () => {
  it.each<[string, Record<string, unknown>, boolean]>([
    ['nothing (the defaults)', {}, true],
    ['every field from a URL', { page: '2', per_page: '10', search: '  договор ', category_id: '3', sort: '-rank' }, true],
    ['numbers', { page: 1, per_page: 100, category_id: INT4_MAX, sort: 'title' }, true],
    ['a search of 200 characters once trimmed', { search: ` ${'я'.repeat(200)} ` }, true],
    ['an empty search', { search: '' }, true],
    ['an unknown field (dropped)', { view: 'cards' }, true],
    ['a search of 201 characters', { search: 'я'.repeat(201) }, false],
    ['a search with a NUL', { search: 'a\u0000b' }, false],
    ['a search with half an emoji', { search: '\ud83d' }, false],
    ['a search that is not text', { search: 5 }, false],
    ['category 0', { category_id: '0' }, false],
    ['a category past int4', { category_id: String(INT4_MAX + 1) }, false],
    ['a category in hex', { category_id: '0x10' }, false],
    ['a category that is no number', { category_id: 'abc' }, false],
    ['an unknown sort', { sort: 'password' }, false],
    ['a sort by two fields', { sort: 'title,rank' }, false],
    ['page 0', { page: '0' }, false],
    ['a page size not offered', { per_page: '7' }, false],
    ['everything wrong at once', { page: '-1', per_page: '7', search: 'x'.repeat(201), category_id: '1.5', sort: 'id' }, false],
  ])('query: %s', (_label, query, accepted) => {
    expectTwins(listDocumentsQuerySchema, miniListDocumentsQuerySchema, query, accepted);
  });

  const row = {
    id: 7,
    title: 'Договор',
    category_id: 2,
    category: { id: 2, title: 'Шаблоны' },
    excerpt: 'Начало текста',
    highlight: [
      { text: 'Типовой ', match: false },
      { text: 'договор', match: true },
    ],
    files_count: 1,
    updated_at: '2026-11-27T12:00:00.000Z',
  };

  it.each<[string, unknown, boolean]>([
    ['a row with a highlight', row, true],
    ['a row without a search', { ...row, highlight: null }, true],
    ['a row with more fields (dropped)', { ...row, text: '<p>…</p>', category: { ...row.category, position: 1 } }, true],
    ['a row without its highlight', { ...row, highlight: undefined }, false],
    ['an id as text', { ...row, id: '7' }, false],
    ['a fractional count', { ...row, files_count: 1.5 }, false],
    ['a highlight part without match', { ...row, highlight: [{ text: 'x' }] }, false],
    ['a row without its category', { ...row, category: null }, false],
    ['no row', null, false],
  ])('list item: %s', (_label, value, accepted) => {
    expectTwins(documentListItemSchema, miniDocumentListItemSchema, value, accepted);
  });

  const category = { id: 2, title: 'Шаблоны', position: 0, documents_count: 12 };

  it.each<[string, unknown, boolean]>([
    ['a category', category, true],
    ['a category with more fields (dropped)', { ...category, created_at: '2026-11-27' }, true],
    ['a category without its count', { ...category, documents_count: undefined }, false],
    ['a position as text', { ...category, position: '0' }, false],
    ['a fractional id', { ...category, id: 2.5 }, false],
    ['a title that is no text', { ...category, title: null }, false],
  ])('category: %s', (_label, value, accepted) => {
    expectTwins(documentCategorySchema, miniDocumentCategorySchema, value, accepted);
  });
});
