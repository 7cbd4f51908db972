import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { resolveMapping, suggestMapping } from './lead-import-mapping';

describe('suggestMapping', () => {
  test("recognises the export's own headers (round trip)", () => {
    const headers = ['id', 'surname', 'firstname', 'patronymic', 'phone', 'status', 'users', 'additional_info', 'created_at'];
    assert.deepEqual(suggestMapping(headers), {
      surname: 'surname',
      firstname: 'firstname',
      patronymic: 'patronymic',
      phone: 'phone',
      status: 'status',
      users: 'users',
      additional_info: 'additional_info',
    });
  });

  test('recognises Russian labels and common English names, whatever the case and spacing', () => {
    assert.deepEqual(suggestMapping([' ФАМИЛИЯ ', 'First Name', 'Номер телефона', 'Notes', 'Прочее']), {
      surname: ' ФАМИЛИЯ ',
      firstname: 'First Name',
      patronymic: null,
      phone: 'Номер телефона',
      status: null,
      users: null,
      additional_info: 'Notes',
    });
  });
});

describe('resolveMapping', () => {
  test('column indexes of mapped fields', () => {
    const { columns, errors } = resolveMapping({ surname: 'Ф', firstname: 'И', phone: 'Т', status: null }, ['Т', 'И', 'Ф']);
    assert.deepEqual(columns, { surname: 2, firstname: 1, phone: 0 });
    assert.deepEqual(errors, {});
  });

  test('errors under mapping for required fields left out and headers not in the file', () => {
    const { errors } = resolveMapping({ surname: 'Ф', phone: 'Мобильный' }, ['Ф', 'И']);
    assert.deepEqual(errors, { mapping: ['Телефон: в файле нет столбца «Мобильный»', 'Имя: выберите столбец'] });
  });
});
