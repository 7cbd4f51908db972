import { previewType, urlExtension } from './preview-type';

describe('previewType', () => {
  it.each([
    ['jpg', 'image'],
    ['jpeg', 'image'],
    ['png', 'image'],
    ['gif', 'image'],
    ['webp', 'image'],
    ['JPG', 'image'],
    ['pdf', 'pdf'],
    ['doc', 'office'],
    ['docx', 'office'],
    ['xls', 'office'],
    ['xlsx', 'office'],
    ['ppt', 'office'],
    ['pptx', 'office'],
    ['svg', 'unsupported'],
    ['html', 'unsupported'],
    ['txt', 'unsupported'],
    ['zip', 'unsupported'],
  ])('.%s is %s, with and without a query string', (extension, type) => {
    expect(previewType(`/api/files/abc/file.${extension}`)).toBe(type);
    expect(previewType(`/api/files/abc/file.${extension}?type=x&expires=1&signature=y.pdf`)).toBe(type);
    expect(previewType(`https://cdn.example/a/file.${extension}#page=2`)).toBe(type);
  });

  it('decides by the path only: a query that ends in an image extension does not make a file an image', () => {
    expect(previewType('/api/files/abc/report.html?name=x.png')).toBe('unsupported');
    expect(previewType('/api/files/abc/noextension?x=.pdf')).toBe('unsupported');
    expect(previewType('/api/files/abc.pdf/.hidden')).toBe('unsupported');
  });

  it('reads encoded names', () => {
    expect(urlExtension('/api/files/abc/%D0%BE%D1%82%D1%87%D1%91%D1%82.PDF?expires=1')).toBe('pdf');
  });
});
