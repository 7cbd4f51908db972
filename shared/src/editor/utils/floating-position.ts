// Where a floating bar goes: under `target`, inside `anchor` (the positioned wrapper it is drawn in).
export interface FloatingPosition {
  top: number;
  left: number;
}

const OFFSET = 6;

// Places a bar just below `target`, aligned with its start edge and kept inside the anchor's width.
// Coordinates are relative to `anchor`, which scrolls with the content, so the bar scrolls along.
export function floatingPositionBelow(target: HTMLElement, anchor: HTMLElement, barWidth: number): FloatingPosition {
  const targetRect = target.getBoundingClientRect();
  const anchorRect = anchor.getBoundingClientRect();
  const rtl = getComputedStyle(target).direction === 'rtl';
  const start = rtl ? targetRect.right - anchorRect.left - barWidth : targetRect.left - anchorRect.left;
  const maxLeft = Math.max(0, anchorRect.width - barWidth);
  return {
    top: targetRect.bottom - anchorRect.top + OFFSET,
    left: Math.min(Math.max(0, start), maxLeft),
  };
}
