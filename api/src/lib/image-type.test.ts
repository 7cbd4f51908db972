import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { sniffImage } from './image-type';

const bytes = (...parts: (number[] | string)[]) => Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));

describe('sniffImage', () => {
  test('knows PNG, JPEG, GIF and WebP by their first bytes', () => {
    assert.equal(sniffImage(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))?.contentType, 'image/png');
    assert.equal(sniffImage(bytes([0xff, 0xd8, 0xff, 0xe0]))?.contentType, 'image/jpeg');
    assert.equal(sniffImage(bytes('GIF89a', [1, 0]))?.extension, 'gif');
    assert.equal(sniffImage(bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 '))?.extension, 'webp');
  });

  test('anything else is not an image, whatever it claims', () => {
    for (const content of ['<svg xmlns="http://www.w3.org/2000/svg"/>', '<?xml version="1.0"?><svg/>', '<html>', 'RIFF\0\0\0\0WAVE', '', 'GIF8']) {
      assert.equal(sniffImage(Buffer.from(content)), undefined, content);
    }
  });
});
