import { fireEvent, render, screen } from '@testing-library/react';
import { useRef, useState } from 'react';
import { useDismiss } from './use-dismiss';

function Popover() {
  const [open, setOpen] = useState(true);
  const ref = useRef<HTMLDivElement>(null);
  useDismiss(ref, open, () => setOpen(false));
  return (
    <>
      <div ref={ref}>{open ? <button type="button">inside</button> : 'closed'}</div>
      <button type="button">outside</button>
    </>
  );
}

test('a press inside keeps it open; a press outside closes it', () => {
  render(<Popover />);
  fireEvent.pointerDown(screen.getByRole('button', { name: 'inside' }));
  expect(screen.getByRole('button', { name: 'inside' })).toBeInTheDocument();
  fireEvent.pointerDown(screen.getByRole('button', { name: 'outside' }));
  expect(screen.getByText('closed')).toBeInTheDocument();
});

test('Escape closes it', () => {
  render(<Popover />);
  fireEvent.keyDown(document, { key: 'Escape' });
  expect(screen.getByText('closed')).toBeInTheDocument();
});
