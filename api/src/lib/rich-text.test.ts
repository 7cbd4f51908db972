import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { sanitizeRichText } from './rich-text';

describe('sanitizeRichText', () => {
  test("keeps the editor's output", () => {
    const html = [
      '<h2>Итоги</h2><p><strong>Жирный</strong> <em>курсив</em> <u>подчёркнутый</u> <s>зачёркнутый</s><br /></p>',
      '<blockquote>Цитата</blockquote><ol __lexicallisttype="number" start="2"><li value="2">Пункт</li></ol>',
      '<ul __lexicallisttype="check"><li role="checkbox" aria-checked="true" value="1">Сделано</li></ul>',
      '<table><thead><tr><th colspan="2">Шапка</th></tr></thead><tbody><tr><td rowspan="2">1</td></tr></tbody></table>',
      '<pre><code>const a = 1;</code></pre><details open><summary>Раздел</summary><div data-collapsible-content>Текст</div></details>',
      '<img src="/api/uploads/0123456789abcdef0123456789abcdef.png" alt="Схема" width="320" height="200" />',
      '<img src="data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=" alt="" />',
    ].join('');
    assert.equal(sanitizeRichText(html), html);
  });

  test('links keep http(s) and mailto targets and always open safely', () => {
    assert.equal(
      sanitizeRichText('<a href="https://example.com" target="_self" onclick="x()">сайт</a><a href="mailto:a@b.ru">почта</a>'),
      '<a rel="noopener noreferrer nofollow" target="_blank" href="https://example.com">сайт</a>' +
        '<a rel="noopener noreferrer nofollow" target="_blank" href="mailto:a@b.ru">почта</a>',
    );
    for (const href of ['javascript:alert(1)', ' JaVaScRiPt:alert(1)', 'data:text/html,x', '/api/leads/export', 'vbscript:x']) {
      assert.doesNotMatch(sanitizeRichText(`<a href="${href}">x</a>`), /href/, href);
    }
  });

  test('embeds only YouTube and Vimeo players, with fixed permissions', () => {
    assert.equal(
      sanitizeRichText('<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ" width="560" height="315" allow="camera; microphone" allowfullscreen="true" onload="x()"></iframe>'),
      '<iframe frameborder="0" allow="fullscreen; picture-in-picture; encrypted-media" allowfullscreen="true" src="https://www.youtube.com/embed/dQw4w9WgXcQ" width="560" height="315"></iframe>',
    );
    assert.match(sanitizeRichText('<iframe src="https://player.vimeo.com/video/76979871?h=8272103f6e"></iframe>'), /src="https:\/\/player\.vimeo\.com\/video\/76979871\?h=8272103f6e"/);
    for (const src of ['https://evil.example/embed/x', 'http://www.youtube.com/embed/x', 'https://www.youtube.com/watch?v=x', 'javascript:alert(1)', 'https://www.youtube.com.evil.example/embed/x']) {
      assert.equal(sanitizeRichText(`<iframe src="${src}"></iframe>`), '', src);
    }
  });

  test('strips scripts, handlers, styles, classes, forms and unsafe images', () => {
    assert.equal(
      sanitizeRichText('<p style="color:red" class="x" onmouseover="steal()">Текст<script>alert(1)</script><style>p{}</style></p><form><input></form>'),
      '<p>Текст</p>',
    );
    assert.equal(sanitizeRichText('<svg><script>alert(1)</script></svg><object data="x"></object>'), '');
    for (const src of ['javascript:alert(1)', 'data:image/svg+xml;base64,PHN2Zz4=', 'data:text/html;base64,PGI+', '/api/leads/export', '//evil.example/a.png']) {
      assert.equal(sanitizeRichText(`<img src="${src}" onerror="alert(1)">`), '', src);
    }
  });

  test('plain text passes unchanged, except the characters HTML needs escaped', () => {
    assert.equal(sanitizeRichText('  Перезвонить в понедельник  '), 'Перезвонить в понедельник');
    assert.equal(sanitizeRichText('Цена < 100 & скидка'), 'Цена &lt; 100 &amp; скидка');
  });

  test('keeps only images from this server or inline data: an outside image is removed, never fetched by readers', () => {
    for (const src of [
      'https://example.com/a.png',
      'http://127.0.0.1:9999/x.png',
      'HTTPS://tracker.example/pixel.gif?lead=1',
      '/api/uploads/../../etc/passwd.png',
      '/api/uploads/0123456789abcdef0123456789abcdef.svg',
      '/api/uploads/0123456789abcdef0123456789abcdef.png?x=https://evil.example',
      'http://crm.example.com/api/uploads/0123456789abcdef0123456789abcdef.png',
      'data:image/png,not-base64',
    ]) {
      assert.equal(sanitizeRichText(`<p>Текст<img src="${src}" alt="x"></p>`), '<p>Текст</p>', src);
    }
  });
});
