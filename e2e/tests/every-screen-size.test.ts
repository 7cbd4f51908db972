import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { ROUTE_MANIFEST } from '@crm/shared/routes';
import { flattenRoutes } from '@crm/shared/routes/derive';
import type { LeadListResponse } from '@crm/shared/schemas';
import { apiGet, apiSend } from '../support/api';
import { seriousA11yViolations, type AxeViolation } from '../support/axe';
import { fillLogin, navigate, newPage, useAppAndBrowser } from '../support/browser';
import { repoRoot } from '../support/app-server';

const ARTIFACTS = path.join(repoRoot, 'e2e/artifacts/every-screen-size');

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

/** One word long enough to push anything beside it off a card that does not break it. */
const LONG_SURNAME = 'Константинопольскийверхнезаречинскийпреображенский';

/**
 * Counts the page's requests in flight, so a client-side navigation (which Playwright's load states do not see) can
 * wait until the new screen has fetched its data: nothing in flight for a moment and nothing marked busy.
 */
function trackRequests(page: Page): () => Promise<void> {
  let inFlight = 0;
  let lastChange = Date.now();
  const change = (delta: number) => () => {
    inFlight += delta;
    lastChange = Date.now();
  };
  page.on('request', change(1));
  page.on('requestfinished', change(-1));
  page.on('requestfailed', change(-1));
  return async () => {
    const deadline = Date.now() + 15_000;
    while ((inFlight > 0 || Date.now() - lastChange < 300) && Date.now() < deadline) await page.waitForTimeout(50);
    await page.waitForFunction(() => document.querySelectorAll('[aria-busy="true"]').length === 0);
    // A resize slides the menu and the content to their new places: measure where they end, not on the way (no
    // transition running, and the same layout twice in a row).
    let previous = '';
    for (let round = 0; round < 40; round++) {
      const now = await page.evaluate(() => {
        const moving = document.getAnimations().some((animation) => animation.playState === 'running' && animation.effect?.getTiming().iterations !== Infinity);
        const main = document.querySelector('main')?.getBoundingClientRect();
        return moving ? 'moving' : `${document.documentElement.scrollWidth} ${main?.left} ${main?.width}`;
      });
      if (now !== 'moving' && now === previous) break;
      previous = now;
      await page.waitForTimeout(100);
    }
  };
}

/** Goes to an app path as a link would: the router hears of it through popstate; nothing reloads. */
async function goClientSide(page: Page, appPath: string): Promise<void> {
  await page.evaluate((url) => {
    window.history.pushState(null, '', url);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, `/build${appPath}`);
}

/** The route table's paths with real ids in place of their parameters; `*` becomes a path nothing answers. */
function concretePaths(ids: { lead: number; document: number; category: number; team: number }): string[] {
  const fill = (routePath: string) =>
    routePath
      .replace(/\*$/, 'no-such-page')
      .replace(':idView', `${ids.document}-view`)
      .replace(':idEdit', `${ids.team}-edit`)
      .replace(/^\/leads\/:id/, `/leads/${ids.lead}`)
      .replace(/^\/document\/list\/:id/, `/document/list/${ids.category}`)
      .replace(/^\/document\/:id/, `/document/${ids.document}`);
  const paths = flattenRoutes(ROUTE_MANIFEST).map((route) => fill(route.path));
  const unfilled = paths.filter((p) => p.includes(':'));
  assert.deepEqual(unfilled, [], 'a route parameter has no id to fill it: add one to concretePaths');
  // The kanban is the list's other view, on the same route; the root redirects.
  return ['/', ...paths, '/leads/list?view=kanban'];
}

/** Routes only a signed-out visitor sees (anyone else is sent to /). */
const GUEST_PATHS = flattenRoutes(ROUTE_MANIFEST)
  .filter((route) => route.entries[0].access === 'guest')
  .map((route) => route.path);

interface Visit {
  overflow: Array<{ path: string; scrollWidth: number; innerWidth: number }>;
  /** Controls cut off by a card that hides its overflow: the page does not scroll, yet they cannot be reached. */
  cutOff: Record<string, string[]>;
  axe: Record<string, AxeViolation[]>;
}

/** What the page looks like now at its current size: sideways scroll, cut-off controls, a screenshot, axe. */
async function check(page: Page, appPath: string, size: string, withAxe: boolean, into: Visit): Promise<void> {
  const widths = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  if (widths.scrollWidth > widths.innerWidth) into.overflow.push({ path: `${appPath} at ${size} px`, ...widths });
  // No named function inside: tsx would wrap it in a helper the page does not have.
  const cutOff = await page.evaluate(() => {
    const controls = document.querySelectorAll('main :is(input, button, select, textarea, a[href], [role="combobox"], [contenteditable="true"])');
    return [...controls]
      .filter((control) => {
        const box = control.getBoundingClientRect();
        if (box.width <= 1 || (box.right <= window.innerWidth + 1 && box.left >= -1)) return false;
        // Inside a table's or the board's own scroll container it is reached by scrolling that.
        for (let parent = control.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
          if (/auto|scroll/.test(getComputedStyle(parent).overflowX)) return false;
        }
        return true;
      })
      .slice(0, 5)
      .map((control) => `${control.tagName.toLowerCase()} "${(control.getAttribute('aria-label') ?? control.textContent ?? '').trim().slice(0, 40)}" at ${Math.round(control.getBoundingClientRect().right)} px`);
  });
  if (cutOff.length > 0) into.cutOff[`${appPath} at ${size} px`] = cutOff;
  const file = `${size}${appPath.replace(/[/?=]+/g, '_') || '_root'}.png`;
  await page.screenshot({ path: path.join(ARTIFACTS, file), fullPage: false });
  if (withAxe) {
    const violations = await seriousA11yViolations(page);
    if (violations.length > 0) into.axe[appPath] = violations;
  }
}

/**
 * Each route once: drawn at 1440 px, then the window narrowed to a phone's 390 px (the layout follows the width, as
 * when a window is resized or a phone turned) and axe run there, then widened again for the next route.
 */
async function visit(page: Page, appPath: string, settle: () => Promise<void>, into: Visit): Promise<void> {
  await goClientSide(page, appPath);
  await page.locator('main, form').first().waitFor();
  await settle();
  await check(page, appPath, '1440', false, into);
  await page.setViewportSize(PHONE);
  await settle();
  await check(page, appPath, '390', true, into);
  await page.setViewportSize(DESKTOP);
}

describe('every screen size', () => {
  const app = useAppAndBrowser({ seedDemo: true });

  it('no route of the manifest scrolls sideways at 390 or 1440 px, a long lead name included, and axe finds no serious or critical violation at 390 px', async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    const base = app.server.baseUrl;
    const context = await app.browser.newContext({ viewport: DESKTOP, bypassCSP: true });
    const page = await newPage(context);
    const settle = trackRequests(page);
    const found: Visit = { overflow: [], cutOff: {}, axe: {} };

    await navigate(page, base, '/login');
    for (const guestPath of GUEST_PATHS) await visit(page, guestPath, settle, found);

    await navigate(page, base, '/login');
    await fillLogin(page);
    await page.waitForURL((url) => !url.pathname.endsWith('/login'));

    const statuses = await apiGet<{ data: Array<{ id: number }> }>(page, base, '/lead-status');
    // One lead with a long name, so the list, the card and the detail page show one.
    const { data: longLead } = await apiSend<{ data: { id: number } }>(page, base, 'POST', '/leads', {
      surname: LONG_SURNAME,
      firstname: 'Александра',
      patronymic: 'Владимировна',
      phone: '+7 900 123-45-67',
      status_id: statuses.data[0].id,
    });
    const leads = await apiGet<LeadListResponse>(page, base, '/leads?per_page=5');
    const documents = await apiGet<{ data: Array<{ id: number; category_id: number }> }>(page, base, '/document');
    const teams = await apiGet<{ data: Array<{ id: number }> }>(page, base, '/teams');
    const ids = { lead: leads.data[0].id, document: documents.data[0].id, category: documents.data[0].category_id, team: teams.data[0].id };

    const paths = concretePaths(ids).filter((p) => !GUEST_PATHS.includes(p));
    for (const appPath of [...paths, `/leads/${longLead.id}`]) await visit(page, appPath, settle, found);

    // The long name wraps: the detail page's actions stay inside the content, beside or under the title.
    await goClientSide(page, `/leads/${longLead.id}`);
    await page.getByRole('button', { name: 'Удалить' }).waitFor();
    const outside = await page.evaluate(() => {
      const main = document.querySelector('main')!.getBoundingClientRect();
      return [...document.querySelectorAll('main header button')]
        .filter((button) => button.getBoundingClientRect().right > main.right + 0.5)
        .map((button) => button.textContent);
    });
    assert.deepEqual(outside, [], 'buttons pushed off the lead page by its long name');

    // In the list its row keeps the actions column inside the card, without scrolling the table.
    await goClientSide(page, `/leads/list?search=${encodeURIComponent(LONG_SURNAME)}`);
    const remove = page.getByRole('button', { name: new RegExp(`^Удалить ${LONG_SURNAME}`) });
    await remove.waitFor();
    const offCard = await remove.evaluate((button) => {
      const card = button.closest('section')!.getBoundingClientRect();
      return button.getBoundingClientRect().right - card.right;
    });
    assert.ok(offCard <= 0, `the row's delete button is ${offCard} px past the card's edge`);
    await context.close();

    // One assertion for everything, so a failing run names every failing route at once.
    const overflowing = found.overflow.map((o) => `${o.path} (${o.scrollWidth} > ${o.innerWidth})`);
    assert.deepEqual(
      { overflowing, cutOff: found.cutOff, axe: found.axe },
      { overflowing: [], cutOff: {}, axe: {} },
      `pages that scroll sideways:\n${overflowing.join('\n')}\ncontrols cut off: ${JSON.stringify(found.cutOff, null, 2)}\nserious or critical violations at 390 px: ${JSON.stringify(found.axe, null, 2)}`,
    );
  });
});
