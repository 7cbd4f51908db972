import '@testing-library/jest-dom';
import { configure } from '@testing-library/dom';
import { TextDecoder, TextEncoder } from 'node:util';
import sharedPackage from '../shared/package.json';

// find* and waitFor wait up to 5 s: a debounced request on a loaded 2-core CI machine can take longer than the default
// second (the lead form's duplicate-phone warning failed so). A passing test is as fast as before.
configure({ asyncUtilTimeout: 5000 });

// jsdom lacks TextEncoder/TextDecoder, which react-router 7 reads when it loads.
if (typeof globalThis.TextEncoder === 'undefined') {
  Object.assign(globalThis, { TextEncoder, TextDecoder });
}

// jsdom has neither Request nor Response, and react-router's data routers build a Request for every loader and a
// Response for every redirect(). These stand-ins carry exactly what the router reads.
class TestRequest {
  readonly url: string;
  readonly method: string;
  readonly headers: Headers;
  readonly signal: AbortSignal;
  readonly body = null;

  constructor(input: string | URL | TestRequest, init: { method?: string; headers?: HeadersInit; signal?: AbortSignal } = {}) {
    this.url = input instanceof TestRequest ? input.url : String(input);
    this.method = (init.method ?? 'GET').toUpperCase();
    this.headers = new Headers(init.headers);
    this.signal = init.signal ?? new AbortController().signal;
  }
}

class TestResponse {
  readonly status: number;
  readonly statusText: string;
  readonly headers: Headers;
  readonly body: string | null;

  constructor(body: string | null = null, init: { status?: number; statusText?: string; headers?: HeadersInit } = {}) {
    this.body = body;
    this.status = init.status ?? 200;
    this.statusText = init.statusText ?? '';
    this.headers = new Headers(init.headers);
  }

  get ok() {
    return this.status >= 200 && this.status < 300;
  }

  async text() {
    return this.body ?? '';
  }

  async json() {
    return JSON.parse(this.body ?? 'null');
  }

  /** The body is a string, read as often as asked: a copy is the same answer (the host hands manifests on, manifest-handoff.ts). */
  clone() {
    return new TestResponse(this.body, { status: this.status, statusText: this.statusText, headers: this.headers });
  }

  static json(data: unknown, init?: { status?: number; headers?: HeadersInit }) {
    return new TestResponse(JSON.stringify(data), {
      ...init,
      headers: { 'Content-Type': 'application/json', ...(init?.headers as Record<string, string>) },
    });
  }
}

const scope = globalThis as unknown as Record<string, unknown>;
if (typeof scope.Request === 'undefined') scope.Request = TestRequest;
if (typeof scope.Response === 'undefined') scope.Response = TestResponse;

// jsdom logs "not implemented" for scrolling; the router's scroll restoration and the scroll-to-top button call it.
window.scrollTo = (() => undefined) as typeof window.scrollTo;


// Browser APIs Lexical and the toolbar use that jsdom lacks; set before any test module loads Lexical:
// Lexical decides at load time whether `beforeinput` is usable, from InputEvent.getTargetRanges.

if (typeof InputEvent !== 'undefined' && !('getTargetRanges' in InputEvent.prototype)) {
  Object.defineProperty(InputEvent.prototype, 'getTargetRanges', { configurable: true, value: () => [] });
}

const emptyRect = () => ({ x: 0, y: 0, top: 0, left: 0, right: 0, bottom: 0, width: 0, height: 0, toJSON: () => ({}) });

if (typeof Range !== 'undefined') {
  if (!Range.prototype.getBoundingClientRect) {
    Object.defineProperty(Range.prototype, 'getBoundingClientRect', { configurable: true, value: emptyRect });
  }
  if (!Range.prototype.getClientRects) {
    Object.defineProperty(Range.prototype, 'getClientRects', { configurable: true, value: () => [] });
  }
}

// Browser APIs Radix Select (pointer capture, scrolling the active option into view, measuring with
// ResizeObserver) and downshift (scrollIntoView) call that jsdom lacks.
if (!Element.prototype.hasPointerCapture) {
  Object.assign(Element.prototype, {
    hasPointerCapture: () => false,
    setPointerCapture: () => undefined,
    releasePointerCapture: () => undefined,
  });
}
if (!Element.prototype.scrollIntoView) {
  Element.prototype.scrollIntoView = () => undefined;
}
if (typeof globalThis.ResizeObserver === 'undefined') {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

// Layout preferences live in cookies (CRM-theme, …; docs/decisions/039): every test starts without any, as it
// starts with an empty localStorage.
beforeEach(() => {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0].trim();
    if (name) document.cookie = `${name}=; path=/; max-age=0`;
  }
});

// The kit's Select and its dialogs load Radix when first used (select-loader.ts, overlay-loader.ts), its settings-list
// parts when first drawn (list-parts-loader.ts): tests start with them loaded, as a page is after its first use, so
// they drive the real components at once. A test file named `*.lazy.test.tsx` starts without them, to check the kit
// before they arrive.
if (!/\.lazy\.test\.tsx?$/.test(expect.getState().testPath ?? '')) {
  beforeAll(async () => {
    const { loadSelectMenu } = await import('../shared/src/ui/components/select-loader');
    const { loadOverlays } = await import('../shared/src/ui/components/overlay-loader');
    const { loadListParts } = await import('../shared/src/ui/crud-list-page/list-parts-loader');
    await Promise.all([loadSelectMenu(), loadOverlays(), loadListParts()]);
  });
}

// What webpack's DefinePlugin writes into the builds (tooling/webpack.base.cjs): the @crm/shared version the host provides.
Object.assign(globalThis, { __CRM_SHARED_VERSION__: sharedPackage.version });
