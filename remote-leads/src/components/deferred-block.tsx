import { useEffect, useRef, useState, type ReactNode } from 'react';

export interface DeferredBlockProps {
  children: ReactNode;
  /** The place held until the block is drawn, about its height (px), so what follows does not jump much. */
  minHeight: number;
  /** Draw it with the page after all (e.g. the link asked to scroll to it). */
  now?: boolean;
}

// Blocks waiting for an idle moment, in the order they mounted (the page's order): one is drawn per idle period.
const waiting: Array<() => void> = [];
let scheduled = false;

function drawNextWhenIdle() {
  if (scheduled || waiting.length === 0) return;
  scheduled = true;
  const next = () => {
    scheduled = false;
    waiting.shift()?.();
    drawNextWhenIdle();
  };
  if (typeof requestIdleCallback === 'function') requestIdleCallback(next, { timeout: 1000 });
  else setTimeout(next, 0);
}

/**
 * A part of a page drawn after the page's first render: at once when it comes near the window (scrolling, a wide
 * screen), else in an idle moment, one such block per idle period. A page of many blocks then renders in several short
 * tasks instead of one long one that holds the phone's main thread (total blocking time, docs/decisions/080). Until
 * then it holds `minHeight`; it is always drawn in the end (find-in-page, a screen reader's headings, tests find it).
 */
export function DeferredBlock({ children, minHeight, now = false }: DeferredBlockProps) {
  const [drawn, setDrawn] = useState(now);
  const place = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (drawn) return undefined;
    const draw = () => setDrawn(true);
    waiting.push(draw);
    drawNextWhenIdle();
    let observer: IntersectionObserver | undefined;
    if (typeof IntersectionObserver === 'function' && place.current) {
      observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && draw(), { rootMargin: '200px' });
      observer.observe(place.current);
    }
    return () => {
      observer?.disconnect();
      const index = waiting.indexOf(draw);
      if (index >= 0) waiting.splice(index, 1);
    };
  }, [drawn]);

  return drawn ? children : <div ref={place} style={{ minHeight }} />;
}
