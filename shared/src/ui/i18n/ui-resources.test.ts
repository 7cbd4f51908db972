import { uiText } from './ui-i18n';
import { uiEn, uiResources, uiRu } from './ui-resources';

function keysOf(value: object, prefix = ''): string[] {
  return Object.entries(value).flatMap(([key, child]) =>
    typeof child === 'string' ? [`${prefix}${key}`] : keysOf(child as object, `${prefix}${key}.`),
  );
}

test('every ui key has a non-empty text in both Russian and English', () => {
  const all = new Set([...keysOf(uiRu), ...keysOf(uiEn)]);
  for (const [lng, { ui }] of Object.entries(uiResources)) {
    const keys = new Set(keysOf(ui));
    const missing = [...all].filter((key) => !keys.has(key));
    expect({ lng, missing }).toEqual({ lng, missing: [] });
    const flat = keysOf(ui).map((key) => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], ui));
    expect(flat.every((text) => typeof text === 'string' && text.trim() !== '')).toBe(true);
  }
});

/** Texts the spec's error catalogue gives verbatim, in English whatever the language. */
const SPEC_TEXTS = new Set(['standalone.notFoundTitle', 'editor.imageUploadFailed', 'editor.invalidImageUrl']);

test('the Russian texts carry no English words except the spec ones and names', () => {
  const allowed = /YouTube|Vimeo|mailto|tel|Alt/g;
  const latin = keysOf(uiRu)
    .filter((key) => !SPEC_TEXTS.has(key))
    .map((key) => [key, uiText('ru')(key as never)] as const)
    .filter(([, text]) => /[A-Za-z]{2,}/.test(text.replace(allowed, '').replace(/\{\{\w+\}\}/g, '')));
  expect(latin).toEqual([]);
});

test('texts interpolate in each language', () => {
  expect(uiText('ru')('table.range', { from: 1, to: 25, total: 240 })).toBe('1–25 из 240');
  expect(uiText('en')('table.range', { from: 1, to: 25, total: 240 })).toBe('1–25 of 240');
});

test('counts take the plural form of their language', () => {
  const ru = uiText('ru');
  expect([1, 2, 5, 11, 21, 22, 25].map((count) => ru('counts.documents', { count }))).toEqual([
    '1 документ',
    '2 документа',
    '5 документов',
    '11 документов',
    '21 документ',
    '22 документа',
    '25 документов',
  ]);
  expect(ru('counts.loadErrors', { count: 3 })).toBe('3 ошибки загрузки');
  expect(uiText('en')('counts.documents', { count: 1 })).toBe('1 document');
  expect(uiText('en')('counts.documents', { count: 5 })).toBe('5 documents');
});
