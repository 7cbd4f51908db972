import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { z } from 'zod';
import { collectFieldErrors } from './collect-field-errors';

const schema = z.object({
  name: z.string().trim().min(1, 'Укажите название'),
  code: z.string().max(3, 'Не более 3 символов'),
  members: z.array(z.number().int().positive('Неверный участник')).default([]),
  parent_id: z.number().int().optional(),
});

describe('collectFieldErrors', () => {
  const taken = async (code: string) => (code === 'ABC' ? ['Код занят'] : undefined);
  const missing = async (ids: number[]) => (ids.includes(404) ? ['Участник не найден'] : undefined);

  test('valid input with passing checks has no errors, and each check sees the parsed value', async () => {
    const seen: unknown[] = [];
    const errors = await collectFieldErrors(
      schema,
      { name: '  Отдел ', code: 'XYZ' },
      {
        name: (name) => void seen.push(name),
        members: (ids) => void seen.push(ids),
      },
    );
    assert.deepEqual(errors, {});
    assert.deepEqual(seen, ['Отдел', []]);
  });

  test('schema issues and the failing checks of the other fields come in one answer', async () => {
    const errors = await collectFieldErrors(schema, { name: ' ', code: 'ABC', members: [1, 404] }, { code: taken, members: missing });
    assert.deepEqual(errors, { name: ['Укажите название'], code: ['Код занят'], members: ['Участник не найден'] });
  });

  test('a field the schema rejects is not checked: no second message, no lookup', async () => {
    let calls = 0;
    const errors = await collectFieldErrors(
      schema,
      { name: 'Отдел', code: 'ABCD', members: [0] },
      {
        code: async (code) => {
          calls += 1;
          return taken(code);
        },
        members: async (ids) => {
          calls += 1;
          return missing(ids);
        },
      },
    );
    assert.deepEqual(errors, { code: ['Не более 3 символов'], 'members.0': ['Неверный участник'] });
    assert.equal(calls, 0);
  });

  test('an optional field that is absent is still checked (a check may require it)', async () => {
    const errors = await collectFieldErrors(schema, { name: '', code: 'X' }, { parent_id: (id) => (id === undefined ? ['Выберите родителя'] : undefined) });
    assert.deepEqual(errors, { name: ['Укажите название'], parent_id: ['Выберите родителя'] });
  });

  test('input that is not an object has one error on the root and no field checks', async () => {
    for (const input of [null, 'text', [1, 2]]) {
      const errors = await collectFieldErrors(schema, input, { name: () => ['never'] });
      assert.deepEqual(Object.keys(errors), ['body'], JSON.stringify(input));
    }
  });

  test('checks run at the same time', async () => {
    let running = 0;
    let most = 0;
    const slow = async () => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 10));
      running -= 1;
      return undefined;
    };
    await collectFieldErrors(schema, { name: 'a', code: 'b' }, { name: slow, code: slow, members: slow });
    assert.equal(most, 3);
  });
});
