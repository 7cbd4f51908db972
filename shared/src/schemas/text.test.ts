import { isStorableText, textSchema, UNSTORABLE_TEXT_MESSAGE } from './text';

describe('isStorableText', () => {
  it.each(['', 'Иванов', 'emoji 😀 pair', '\u{10FFFF}', 'tab\tand\nnewline', '\uFFFD'])('accepts %j', (value) => {
    expect(isStorableText(value)).toBe(true);
  });

  it.each([
    ['a NUL', 'a\u0000b'],
    ['only a NUL', '\u0000'],
    ['a lone high surrogate', 'a\ud800b'],
    ['a high surrogate at the end', 'a\ud83d'],
    ['a lone low surrogate', 'a\udc00b'],
    ['two high surrogates', '\ud83d\ud83d\ude00'],
  ])('refuses %s', (_label, value) => {
    expect(isStorableText(value)).toBe(false);
  });
});

describe('textSchema', () => {
  it('refuses NUL and unpaired surrogates with its message, and chains like z.string()', () => {
    const schema = textSchema({ error: 'Enter a name' }).trim().min(1, 'Enter a name').max(5, 'Too long');
    expect(schema.parse('  Ann  ')).toBe('Ann');
    expect(schema.safeParse('a\u0000').error?.issues.map((i) => i.message)).toEqual([UNSTORABLE_TEXT_MESSAGE]);
    expect(schema.safeParse('a\ud800').error?.issues.map((i) => i.message)).toEqual([UNSTORABLE_TEXT_MESSAGE]);
    expect(schema.safeParse(5).error?.issues.map((i) => i.message)).toEqual(['Enter a name']);
  });

  it('takes its own message for unstorable text', () => {
    expect(textSchema({ unstorable: 'Нельзя' }).safeParse('\u0000').error?.issues[0].message).toBe('Нельзя');
  });
});
