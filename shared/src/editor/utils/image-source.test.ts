import { imageSource } from './image-source';

describe('imageSource', () => {
  it('keeps images of this site as paths, whether written relative or absolute', () => {
    expect(imageSource('/api/uploads/0123456789abcdef0123456789abcdef.png')).toEqual({ kind: 'own', src: '/api/uploads/0123456789abcdef0123456789abcdef.png' });
    expect(imageSource(`${window.location.origin}/api/uploads/a.png?v=2`)).toEqual({ kind: 'own', src: '/api/uploads/a.png?v=2' });
  });

  it('tells inline raster data and other sites apart', () => {
    expect(imageSource('data:image/png;base64,iVBORw0KGgo=')).toEqual({ kind: 'data', src: 'data:image/png;base64,iVBORw0KGgo=' });
    expect(imageSource('https://tracker.example/pixel.gif')).toEqual({ kind: 'outside', src: 'https://tracker.example/pixel.gif' });
    expect(imageSource('//cdn.example.com/a.png')).toEqual({ kind: 'outside', src: 'http://cdn.example.com/a.png' });
  });

  it('refuses what can never be an image', () => {
    for (const url of ['', 'javascript:alert(1)', 'data:image/svg+xml;base64,PHN2Zz4=', 'data:text/html,<b>', 'data:image/png,raw']) {
      expect(imageSource(url)).toBeNull();
    }
  });
});
