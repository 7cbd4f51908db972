import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { repoRoot } from '../support/app-server';
import { login, navigate, newPage, useAppAndBrowser } from '../support/browser';

// Type and details (issue 22): which font draws Russian, Arabic and Latin text, phones read left to right in a
// right-to-left shell, nothing in the corner covers the footer's link, the collapsed rail shows the whole logo.
// One app, one context; a screenshot of each state in e2e/artifacts/.

const ARTIFACTS = path.join(repoRoot, 'e2e/artifacts');

async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS, `type-and-details-${name}.png`) });
}

async function setCookie(context: BrowserContext, baseUrl: string, name: string, value: string): Promise<void> {
  await context.addCookies([{ name, value, domain: new URL(baseUrl).hostname, path: '/' }]);
}

/** The fonts Chromium really drew an element's text with (DevTools' "Rendered fonts"), after the web fonts loaded. */
async function renderedFonts(page: Page, selector: string): Promise<{ familyName: string; isCustomFont: boolean }[]> {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const { root } = await cdp.send('DOM.getDocument', { depth: -1 });
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
    assert.ok(nodeId, `${selector} is in the page`);
    const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
    return fonts;
  } finally {
    await cdp.detach();
  }
}

/** Every glyph came from one web font of that family (no system fallback). */
const drawnOnlyWith = (fonts: { familyName: string; isCustomFont: boolean }[], family: RegExp) =>
  fonts.length > 0 && fonts.every((f) => f.isCustomFont && family.test(f.familyName));

/**
 * Marks the element holding the first text node inside `selector` that matches `text`, so CDP can find it (the
 * rendered fonts are those of an element's own text).
 */
async function mark(page: Page, selector: string, text: RegExp, attribute: string): Promise<void> {
  const found = await page.evaluate(
    ({ selector, source, attribute }) => {
      const pattern = new RegExp(source);
      for (const container of document.querySelectorAll(selector)) {
        const walker = document.createTreeWalker(container, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          if (!pattern.test((node as Text).data.trim())) continue;
          node.parentElement!.setAttribute(attribute, '');
          return true;
        }
      }
      return false;
    },
    { selector, source: text.source, attribute },
  );
  assert.ok(found, `an element ${selector} reading ${text}`);
}

/** The API docs link is what the window shows at its centre and at both ends: nothing lies over it. */
async function assertFooterLinkUncovered(page: Page, what: string): Promise<void> {
  const hits = await page.getByRole('link', { name: 'API docs' }).evaluate((link) => {
    const box = link.getBoundingClientRect();
    const y = box.top + box.height / 2;
    return [box.left + 1, box.left + box.width / 2, box.right - 1].map((x) => {
      const hit = document.elementFromPoint(x, y);
      return hit && link.contains(hit) ? 'link' : (hit?.outerHTML.slice(0, 120) ?? 'nothing');
    });
  });
  assert.deepEqual(hits, ['link', 'link', 'link'], `${what} leaves the footer link visible`);
}

describe('type and details', () => {
  // I18N_ENABLED: the stored Arabic language turns the shell Arabic (without it only the direction follows).
  const app = useAppAndBrowser({ seedDemo: true, env: { I18N_ENABLED: 'true' } });

  it('draws Cyrillic in the Cyrillic face and Latin in Public Sans', async () => {
    const context = await app.browser.newContext({ viewport: { width: 1440, height: 900 }, colorScheme: 'light' });
    const page = await newPage(context);
    const base = app.server.baseUrl;
    await login(page, base);

    // A Russian screen: its column header is drawn by Inter (served from the build), not a system font.
    await navigate(page, base, '/leads/list');
    await page.getByRole('columnheader', { name: 'Телефон' }).waitFor();
    await mark(page, 'th', /^Телефон$/, 'data-e2e-cyrillic');
    const cyrillic = await renderedFonts(page, '[data-e2e-cyrillic]');
    assert.ok(drawnOnlyWith(cyrillic, /^Inter\b/), `Телефон is drawn with ${JSON.stringify(cyrillic)}`);
    // Latin in the same shell stays Public Sans.
    await mark(page, 'footer a', /^API docs$/, 'data-e2e-latin');
    const latin = await renderedFonts(page, '[data-e2e-latin]');
    assert.ok(drawnOnlyWith(latin, /^Public Sans\b/), `API docs is drawn with ${JSON.stringify(latin)}`);
    await shoot(page, 'cyrillic');

    // The collapsed rail (72 px) shows the whole logo mark and its toggle.
    await setCookie(context, base, 'CRM-verticalNavCollapsed', 'true');
    await page.reload();
    await page.getByRole('button', { name: 'Expand navigation' }).waitFor();
    // No named inner functions: tsx would wrap them in a helper the page does not have.
    const [navBox, brandBox, markBox, toggleBox] = await page.locator('#vertical-nav').evaluate((nav) => {
      const logo = nav.querySelector('[aria-hidden="true"]')!;
      return [nav, logo.parentElement!, logo, nav.querySelector('button')!].map((e) => {
        const r = e.getBoundingClientRect();
        return { left: r.left, right: r.right, top: r.top, bottom: r.bottom };
      });
    });
    const boxes = { nav: navBox!, brand: brandBox!, mark: markBox!, toggle: toggleBox! };
    const inside = (inner: typeof boxes.nav, outer: typeof boxes.nav) =>
      inner.left >= outer.left - 0.5 && inner.right <= outer.right + 0.5 && inner.top >= outer.top - 0.5 && inner.bottom <= outer.bottom + 0.5;
    assert.ok(inside(boxes.mark, boxes.brand), `the mark is not clipped by the brand: ${JSON.stringify(boxes)}`);
    assert.ok(inside(boxes.mark, boxes.nav) && inside(boxes.toggle, boxes.nav), `mark and toggle are within the rail: ${JSON.stringify(boxes)}`);
    await shoot(page, 'collapsed-rail');
    await setCookie(context, base, 'CRM-verticalNavCollapsed', 'false');

    // Scrolled to the end of a long list: the scroll-to-top button shows, beside the footer link rather than on it.
    await navigate(page, base, '/leads/list?per_page=50');
    await page.getByRole('columnheader', { name: 'Телефон' }).waitFor();
    await page.waitForFunction(() => document.querySelectorAll('tbody tr').length >= 50);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.getByRole('button', { name: 'Scroll to top' }).waitFor();
    await assertFooterLinkUncovered(page, 'the scroll-to-top button');
    await shoot(page, 'footer-scroll-to-top');

    // A toast starts above the footer.
    await navigate(page, base, '/pages/user-profile');
    await page.getByRole('button', { name: 'Save name' }).click();
    await page.getByText('Your name has been saved.').waitFor();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await assertFooterLinkUncovered(page, 'a toast');
    await shoot(page, 'footer-toast');

    // Right to left (the Arabic shell): a phone in the Russian list reads in its own order, Arabic is Noto Sans Arabic.
    await setCookie(context, base, 'CRM-language', 'ar');
    await navigate(page, base, '/leads/list');
    await page.getByRole('columnheader', { name: 'Телефон' }).waitFor();
    assert.equal(await page.evaluate(() => document.documentElement.dir), 'rtl');
    await page.waitForFunction(() => [...document.querySelectorAll('tbody td')].some((td) => /^\+\d[\d\s-]+$/.test(td.textContent?.trim() ?? '')));
    const phone = await page.evaluate(() => {
      const cell = [...document.querySelectorAll('tbody td')].find((td) => /^\+\d[\d\s-]+$/.test(td.textContent?.trim() ?? ''))!;
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      const node = walker.nextNode() as Text;
      const text = node.data;
      const xs: number[] = [];
      for (let i = 0; i < text.length; i++) {
        if (text[i] === ' ') continue;
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        xs.push(range.getBoundingClientRect().left);
      }
      return { text, xs };
    });
    const leftToRight = phone.xs.every((x, i) => i === 0 || x > phone.xs[i - 1]!);
    assert.ok(leftToRight, `${phone.text} is drawn left to right (character x: ${phone.xs.map(Math.round).join(', ')})`);
    // The Arabic locale is fetched on demand: wait for the menu to read Arabic.
    await page.waitForFunction(() => /[\u0600-\u06FF]/.test(document.querySelector('#vertical-nav a')?.textContent ?? ''));
    await mark(page, '#vertical-nav a', /[\u0600-\u06FF]/, 'data-e2e-arabic');
    const arabic = await renderedFonts(page, '[data-e2e-arabic]');
    // Its letters in Noto Sans Arabic, a space in Public Sans (which covers it), nothing in a system font.
    assert.ok(
      arabic.every((f) => f.isCustomFont) && arabic.some((f) => /^Noto Sans Arabic\b/.test(f.familyName)),
      `the Arabic menu is drawn with ${JSON.stringify(arabic)}`,
    );
    await shoot(page, 'rtl-phone');
    await context.close();
  });
});
