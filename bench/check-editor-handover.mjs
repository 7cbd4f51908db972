// Whether DeferredRichTextEditor's stand-in hands over to the editor as the editor itself would behave, in the built app
// on a slow phone (Chromium at 412×823, CPU 4× slower, the Admin signed in). On the lead edit form's notes and a
// lead's new comment: a press on the stand-in and typing at once (before Lexical has arrived), then more typing once
// it has; prints the field's place, height, focus and text before and after (the two typed runs should read as one, at
// the caret of the press, and the field should neither move nor change size). Then, on a fresh form, a PNG pasted
// into the stand-in before Lexical arrives, and one dropped on a lead's comment box: the editor should upload each and
// show it from this server. Last, lines and bold typed before the editor (its chunk held back) and in the editor itself
// should make the same document.
// Needs `pnpm build`. Usage: node bench/check-editor-handover.mjs
import puppeteer from 'puppeteer-core';
import { signInBuiltApp, startBuiltApp, storeSession } from './lib/built-app.mjs';

const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

/** The field's textbox (the stand-in or the editor) as a user sees it. */
function field(name) {
  const labelled = (element) => document.getElementById(element.getAttribute('aria-labelledby') ?? '')?.textContent === name;
  const box = [...document.querySelectorAll('[role=textbox]')].find(labelled);
  const frame = box.closest('[class]').parentElement.parentElement.parentElement.getBoundingClientRect();
  return {
    lexical: box.hasAttribute('data-lexical-editor'),
    html: box.innerHTML.slice(0, 300),
    top: Math.round(frame.top + scrollY),
    height: Math.round(frame.height),
    focused: box === document.activeElement || box.contains(document.activeElement),
  };
}

const app = await startBuiltApp();
const { session, leadId } = await signInBuiltApp(app.baseUrl);
const signIn = (page) => storeSession(page, app.baseUrl, session);
const browser = await puppeteer.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu'] });
try {
  const page = await browser.newPage();
  await page.setViewport({ width: 412, height: 823, deviceScaleFactor: 1, isMobile: true, hasTouch: true });
  await signIn(page);
  const cdp = await page.createCDPSession();
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  page.on('dialog', (dialog) => void dialog.accept());
  const lexicalArrived = () => page.waitForFunction(() => document.querySelector('[data-lexical-editor]'), { timeout: 30_000 });

  for (const [path, name] of [[`/build/leads/${leadId}/edit`, 'Общие заметки по Лиду'], [`/build/leads/${leadId}`, 'Комментарий']]) {
    await page.goto(`${app.baseUrl}${path}`, { waitUntil: 'networkidle2', timeout: 120_000 });
    const box = await page.waitForSelector(`::-p-aria([name="${name}"][role="textbox"])`);
    const before = await page.evaluate(field, name);
    const start = Date.now();
    await box.click();
    await page.keyboard.type(' Набрано до редактора', { delay: 5 });
    await lexicalArrived();
    await page.keyboard.type(' и после');
    await new Promise((r) => setTimeout(r, 500));
    const after = await page.evaluate(field, name);
    console.log(`${path} typing\n  before ${JSON.stringify(before)}\n  after  ${JSON.stringify(after)}\n  editor in ${Date.now() - start} ms`);
  }

  const name = 'Общие заметки по Лиду';
  await page.goto(`${app.baseUrl}/build/leads/create`, { waitUntil: 'networkidle2', timeout: 120_000 });
  await page.waitForSelector(`::-p-aria([name="${name}"][role="textbox"])`);
  const held = await page.evaluate((label, base64) => {
    const box = [...document.querySelectorAll('[role=textbox]')].find((e) => document.getElementById(e.getAttribute('aria-labelledby') ?? '')?.textContent === label);
    box.focus();
    const clipboardData = new DataTransfer();
    clipboardData.items.add(new File([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], 'dot.png', { type: 'image/png' }));
    const event = new ClipboardEvent('paste', { clipboardData, bubbles: true, cancelable: true });
    box.dispatchEvent(event);
    return { lexicalYet: box.hasAttribute('data-lexical-editor'), heldByStandIn: event.defaultPrevented };
  }, name, PNG_BASE64);
  await lexicalArrived();
  const image = await page.waitForFunction(() => document.querySelector('[data-lexical-editor] img')?.getAttribute('src'), { timeout: 30_000 });
  console.log(`/build/leads/create paste of a PNG before the editor: ${JSON.stringify(held)}, then the editor shows ${await image.jsonValue()}`);
  console.log(`  ${JSON.stringify(await page.evaluate(field, name))}`);

  // A PNG dropped on a lead's new comment box, never focused before: the editor should come and show it uploaded.
  await page.goto(`${app.baseUrl}/build/leads/${leadId}`, { waitUntil: 'networkidle2', timeout: 120_000 });
  const comment = await page.waitForSelector('::-p-aria([name="Комментарий"][role="textbox"])');
  await comment.scrollIntoView();
  const dropped = await page.evaluate((base64) => {
    const box = [...document.querySelectorAll('[role=textbox]')].find((e) => document.getElementById(e.getAttribute('aria-labelledby') ?? '')?.textContent === 'Комментарий');
    const dataTransfer = new DataTransfer();
    dataTransfer.items.add(new File([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], 'dot.png', { type: 'image/png' }));
    const { left, top } = box.getBoundingClientRect();
    const at = { clientX: left + 20, clientY: top + 20, dataTransfer, bubbles: true, cancelable: true };
    const over = new DragEvent('dragover', at);
    box.dispatchEvent(over);
    const drop = new DragEvent('drop', at);
    box.dispatchEvent(drop);
    return { lexicalYet: box.hasAttribute('data-lexical-editor'), accepted: over.defaultPrevented, heldByStandIn: drop.defaultPrevented };
  }, PNG_BASE64);
  await lexicalArrived();
  const droppedImage = await page.waitForFunction(() => document.querySelector('[data-lexical-editor] img')?.getAttribute('src'), { timeout: 30_000 });
  console.log(`/build/leads/${leadId} drop of a PNG before the editor: ${JSON.stringify(dropped)}, then the editor shows ${await droppedImage.jsonValue()}`);

  // Lines and bold typed into the stand-in (the editor's chunk held back 3 s) and into the editor itself: the same
  // document should come out.
  for (const standIn of [true, false]) {
    const tab = await browser.newPage();
    tab.on('dialog', (dialog) => void dialog.accept());
    await tab.setViewport({ width: 412, height: 823, isMobile: true, hasTouch: true });
    await signIn(tab);
    await tab.goto(`${app.baseUrl}/build/leads/${leadId}`, { waitUntil: 'networkidle2', timeout: 120_000 });
    const box = await tab.waitForSelector('::-p-aria([name="Комментарий"][role="textbox"])');
    if (standIn) {
      await tab.setRequestInterception(true);
      tab.on('request', (request) => (request.url().endsWith('.js') ? setTimeout(() => void request.continue(), 3000) : void request.continue()));
    }
    await box.click();
    if (!standIn) await tab.waitForFunction(() => document.querySelector('[data-lexical-editor]'));
    await tab.keyboard.type('Первая', { delay: 5 });
    await tab.keyboard.press('Enter');
    await tab.keyboard.type('Вторая ', { delay: 5 });
    for (const word of ['жирно', null]) {
      await tab.keyboard.down('Control');
      await tab.keyboard.press('b');
      await tab.keyboard.up('Control');
      if (word) await tab.keyboard.type(word, { delay: 5 });
    }
    const early = await tab.evaluate(() => !document.querySelector('[data-lexical-editor]'));
    await tab.waitForFunction(() => document.querySelector('[data-lexical-editor]'), { timeout: 30_000 });
    await tab.keyboard.press('Enter');
    await tab.keyboard.type('Третья');
    await new Promise((r) => setTimeout(r, 500));
    const html = await tab.evaluate(() => document.querySelector('[data-lexical-editor]').innerHTML.replace(/ (class|dir|data-lexical-text)="[^"]*"/g, ''));
    console.log(standIn ? `keys in the stand-in (all before the editor: ${early}): ${html}` : `the same keys in the editor:            ${html}`);
    await tab.close();
  }
} finally {
  await browser.close();
  await app.stop();
}
