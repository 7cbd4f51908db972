import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

type PageLoader = () => Promise<{ default: ComponentType }>;

// Module scope, like React.lazy at the top of a file: a render React throws away before committing (it happens
// while a route suspends) must not start a second download with a lazy() of its own.
const pages = new Map<string, LazyExoticComponent<ComponentType>>();

/** The lazy component for a page id, created on first use. */
export function lazyPage(id: string, load: PageLoader): LazyExoticComponent<ComponentType> {
  let page = pages.get(id);
  if (!page) {
    page = lazy(load);
    pages.set(id, page);
  }
  return page;
}

/** Forgets a page whose load failed (React.lazy keeps a rejection for good), so the next render loads it again. */
export function forgetLazyPage(id: string): void {
  pages.delete(id);
}

/** Test seam: loaded pages are module state. */
export function clearLazyPagesForTests(): void {
  pages.clear();
}
