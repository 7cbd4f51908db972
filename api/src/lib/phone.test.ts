import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { normalizePhone, phoneSearchVariants } from './phone';

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
