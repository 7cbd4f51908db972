import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { apiGet } from '../support/api';
import { login, navigate, newPage, useAppAndBrowser } from '../support/browser';
import type { DataEnvelope, DataListEnvelope, LeadListResponse, leadDetailSchema, leadStatusSchema } from '@crm/shared/schemas';

const DESKTOP = { width: 1440, height: 900 };
const OPERATOR = { email: 'operator1@example.com', password: 'demo-password' };

async function apiPost<T>(page: Page, baseUrl: string, path: string, data: unknown): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const res = await page.request.post(`${baseUrl}/api${path}`, { headers: { Authorization: `Bearer ${token}` }, data });
  if (!res.ok()) throw new Error(`POST ${path} answered ${res.status()}: ${await res.text()}`);
  return (await res.json()) as T;
}

describe('leads usability', () => {
  const app = useAppAndBrowser({ seedDemo: true });

  it('warns about a lead with the same phone, links to it, and saves anyway', async () => {
    const context = await app.browser.newContext({ viewport: DESKTOP });
    const page = await newPage(context);
    const base = app.server.baseUrl;
    await login(page, base);
    const { data: statuses } = await apiGet<DataListEnvelope<typeof leadStatusSchema>>(page, base, '/lead-status');
    const { data: original } = await apiPost<DataEnvelope<typeof leadDetailSchema>>(page, base, '/leads', {
      surname: 'Оригиналов',
      firstname: 'Павел',
      patronymic: '',
      phone: '+7 912 777-00-11',
      status_id: statuses[0].id,
      users: [],
      additional_info: '',
    });

    await navigate(page, base, '/leads/create');
    await page.getByRole('heading', { name: 'Добавить лида' }).waitFor();
    await page.getByLabel('Фамилия').fill('Дубликатов');
    await page.getByLabel('Имя', { exact: true }).fill('Олег');
    // The same number typed the domestic way.
    await page.getByLabel('Телефон').fill('8 (912) 777 00 11');
    await page.getByLabel('Статус', { exact: true }).focus();
    await page.keyboard.press('ArrowDown');
    await page.getByRole('listbox').getByRole('option', { name: statuses[0].name, exact: true }).click();
    const warning = page.getByRole('status').filter({ hasText: 'Лид с таким телефоном уже есть:' });
    await warning.waitFor();
    const link = warning.getByRole('link', { name: 'Оригиналов Павел' });
    assert.equal(await link.getAttribute('href'), `/build/leads/${original.id}`);

    // The link opens the existing lead (in a new tab, so the form keeps what was typed).
    const [opened] = await Promise.all([context.waitForEvent('page'), link.click()]);
    await opened.waitForURL(new RegExp(`/build/leads/${original.id}$`));
    await opened.getByText('Оригиналов Павел').first().waitFor();
    await opened.close();
    assert.equal(await page.getByLabel('Фамилия').inputValue(), 'Дубликатов');

    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.waitForURL(/\/build\/leads\/list/);
    const { data } = await apiGet<LeadListResponse>(page, base, `/leads?search=${encodeURIComponent('912 777-00-11')}`);
    assert.deepEqual(data.map((lead) => lead.surname).sort(), ['Дубликатов', 'Оригиналов'], 'both leads are saved');
    await context.close();
  });

  it('shows a non-Admin their own name once, with matching initials', async () => {
    const context = await app.browser.newContext({ viewport: DESKTOP });
    const page = await newPage(context);
    await login(page, app.server.baseUrl, OPERATOR);
    const trigger = page.getByRole('button', { name: 'Account menu' });
    assert.equal((await trigger.innerText()).trim(), 'ИП');
    await trigger.click();
    const menu = page.getByRole('menu', { name: 'Account menu' });
    await menu.getByText('Иван Петров', { exact: true }).waitFor();
    assert.ok(!(await menu.innerText()).includes('Иван Иван'), 'the first name is not doubled');
    await context.close();
  });

  it('keeps phone cells and the bulk bar on one line at 1440 px, and highlights Лиды on the form', async () => {
    const context = await app.browser.newContext({ viewport: DESKTOP });
    const page = await newPage(context);
    const base = app.server.baseUrl;
    await login(page, base);
    await navigate(page, base, '/leads/list?per_page=25');
    const table = page.getByRole('table', { name: 'Лиды' });
    await table.getByRole('row').nth(5).waitFor();

    // Each phone cell's text is one line: its height is about one line height, not two.
    const heights = await table.evaluate((element) => {
      const headers = [...element.querySelectorAll('thead th')].map((th) => th.textContent?.trim());
      const column = headers.indexOf('Телефон');
      return [...element.querySelectorAll('tbody tr')].map((row) => {
        const cell = row.children[column] as HTMLElement;
        const range = document.createRange();
        range.selectNodeContents(cell);
        const style = getComputedStyle(cell);
        const lineHeight = Number.parseFloat(style.lineHeight) || Number.parseFloat(style.fontSize) * 1.5;
        return { text: cell.textContent, height: range.getBoundingClientRect().height, lineHeight };
      });
    });
    assert.ok(heights.length >= 5, 'the page shows leads');
    for (const { text, height, lineHeight } of heights) {
      assert.ok(height < lineHeight * 1.5, `the phone ${text} is on one line (${height}px for a ${lineHeight}px line)`);
    }

    // The bulk bar: 'Снять выделение' stays on the bar's one row.
    await table.getByRole('checkbox', { name: 'Выбрать строку' }).nth(0).check();
    await table.getByRole('checkbox', { name: 'Выбрать строку' }).nth(1).check();
    const bar = page.getByRole('region', { name: 'Действия с выбранными лидами' });
    const clear = bar.getByRole('button', { name: 'Снять выделение' });
    const count = bar.getByText('Выбрано: 2');
    const [clearBox, countBox, deleteBox] = await Promise.all([
      clear.boundingBox(),
      count.boundingBox(),
      bar.getByRole('button', { name: 'Удалить' }).boundingBox(),
    ]);
    assert.ok(clearBox && countBox && deleteBox);
    const middle = (box: { y: number; height: number }) => box.y + box.height / 2;
    assert.ok(Math.abs(middle(clearBox) - middle(countBox)) < 4, "'Снять выделение' is on the same row as the count");
    assert.ok(Math.abs(middle(deleteBox) - middle(countBox)) < 4, 'Удалить is on the same row as the count');
    assert.ok(clearBox.height < 40, `'Снять выделение' is one line high (${clearBox.height}px)`);

    // The menu keeps Лиды current on the lead form and the detail page.
    await navigate(page, base, '/leads/create');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await page.getByRole('heading', { name: 'Добавить лида' }).waitFor();
    assert.equal(await nav.getByRole('link', { name: 'Leads' }).getAttribute('aria-current'), 'page');
    const { data } = await apiGet<LeadListResponse>(page, base, '/leads?per_page=5');
    await navigate(page, base, `/leads/${data[0].id}`);
    await page.getByText(data[0].surname).first().waitFor();
    assert.equal(await nav.getByRole('link', { name: 'Leads' }).getAttribute('aria-current'), 'page');
    await context.close();
  });

  it("confirms an inline status change with 'Статус изменён'", async () => {
    const context = await app.browser.newContext({ viewport: DESKTOP });
    const page = await newPage(context);
    const base = app.server.baseUrl;
    await login(page, base);
    await navigate(page, base, '/leads/list');
    const row = page.getByRole('table', { name: 'Лиды' }).getByRole('row').nth(1);
    const select = row.getByRole('combobox', { name: /Статус/ });
    await select.waitFor();
    const current = await select.inputValue();
    const next = await select.evaluate(
      (element, value) => [...(element as HTMLSelectElement).options].find((o) => o.value !== value && o.value !== '')!.label,
      current,
    );
    await Promise.all([
      page.waitForResponse((r) => r.url().includes('/api/leads/status/') && r.ok()),
      select.selectOption({ label: next }),
    ]);
    await page.getByText('Статус изменён', { exact: true }).waitFor();
    await context.close();
  });
});
