import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { normalizePhone, parsePhone, phoneSearchVariants } from './phone';

describe('normalizePhone', () => {
  test('every way of typing a Russian mobile gives 7XXXXXXXXXX', () => {
    for (const typed of ['+7 (912) 345-67-89', '8 912 345 67 89', '79123456789', '9123456789', '+7-912-345-67-89']) {
      assert.equal(normalizePhone(typed), '79123456789', typed);
    }
  });

  test('other numbers keep their digits', () => {
    assert.equal(normalizePhone('+44 20 7946 0958'), '442079460958');
    assert.equal(normalizePhone(''), '');
  });
});

describe('phoneSearchVariants', () => {
  test('a fragment is its digits; a leading 8 may be the trunk prefix', () => {
    assert.deepEqual(phoneSearchVariants('+7 (912) 345'), ['7912345']);
    assert.deepEqual(phoneSearchVariants('8 912'), ['8912', '7912']);
    assert.deepEqual(phoneSearchVariants('89123456789'), ['79123456789']);
    assert.deepEqual(phoneSearchVariants('()'), []);
  });
});

describe('parsePhone', () => {
  test('a valid number becomes its international form and E.164 digits, Russia being the default region', () => {
    for (const typed of ['8 (912) 345-67-89', '+7 912 345 67 89', '9123456789', '+79123456789']) {
      assert.deepEqual(parsePhone(typed), { display: '+7 912 345 67 89', normalized: '79123456789' }, typed);
    }
    assert.deepEqual(parsePhone('+44 20 7946 0958'), { display: '+44 20 7946 0958', normalized: '442079460958' });
  });

  test('the digits agree with normalizePhone, so search finds what the form stored', () => {
    for (const typed of ['8 912 345 67 89', '+7 (495) 123-45-67']) assert.equal(parsePhone(typed)?.normalized, normalizePhone(typed));
  });

  test('an impossible or invalid number is undefined', () => {
    for (const typed of ['12345', '+7 000 000 00 00', 'телефон', '+7 912 345 67 89 00']) assert.equal(parsePhone(typed), undefined, typed);
  });
});
