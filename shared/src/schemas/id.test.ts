import { idSchema, INT4_MAX } from './id';

describe('idSchema', () => {
  const schema = idSchema('Выберите статус');

  it('takes a whole number from 1 to INT4_MAX, as a number or as digits', () => {
    expect(schema.parse(1)).toBe(1);
    expect(schema.parse('42')).toBe(42);
    expect(schema.parse(INT4_MAX)).toBe(INT4_MAX);
    expect(schema.parse(String(INT4_MAX))).toBe(INT4_MAX);
  });

  it.each([
    ['one above the int4 column', INT4_MAX + 1],
    ['one above the int4 column, as text', '2147483648'],
    ['a huge number', 1e308],
    ['400 digits', '9'.repeat(400)],
    ['zero', 0],
    ['a negative number', -1],
    ['a negative number, as text', '-1'],
    ['a fraction', 1.5],
    ['NaN', Number.NaN],
    ['NaN, as text', 'NaN'],
    ['Infinity, as text', 'Infinity'],
    ['hex', '0x10'],
    ['exponent', '1e3'],
    ['an empty string', ''],
    ['a NUL', '1\u0000'],
    ['true', true],
    ['null', null],
    ['an array', [5]],
    ['an object', { id: 5 }],
  ])('refuses %s with the given message', (_label, value) => {
    const result = schema.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['Выберите статус']);
  });

  it('has a default message naming the range', () => {
    expect(idSchema().safeParse(0).error?.issues[0].message).toBe('Must be a whole number from 1 to 2147483647');
  });
});
