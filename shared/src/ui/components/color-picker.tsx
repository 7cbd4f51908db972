import { useEffect, useId, useRef, useState } from 'react';
import styled from 'styled-components';
import { useUiText } from '../i18n/ui-i18n';
import { COLOR_PALETTE } from '../tokens/palette';
import { ColorSwatch } from './color-swatch';
import { FieldMessage } from './field-parts';
import { firstError } from './first-error';

export interface ColorPickerProps {
  /** The accessible name of the button, e.g. 'Цвет статуса Новый' (followed by the colour's code, shown on it). */
  label: string;
  /** The accessible name of the open palette, e.g. 'Цвета для статуса Новый'. */
  paletteLabel: string;
  color: string;
  onChange: (color: string) => void;
  disabled?: boolean;
  /** The server's messages for the colour (a 422): the first is shown under the button and read as its description. */
  error?: string | readonly string[] | null;
}

const Trigger = styled.button`
  display: inline-flex;
  align-items: center;
  gap: 0.5rem;
  padding: 0.25rem 0.5rem;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: transparent;
  color: ${({ theme }) => theme.colors.textMuted};
  font: inherit;
  font-size: ${({ theme }) => theme.font.sizeSm};
  font-family: monospace;
  cursor: pointer;
  &:hover:not(:disabled) { background: ${({ theme }) => theme.colors.hover}; }
  &:disabled { cursor: not-allowed; opacity: 0.6; }
`;

// Fixed, so the card's clipping (overflow: hidden) cannot cut the panel off at the last rows.
const Panel = styled.div`
  position: fixed;
  z-index: ${({ theme }) => theme.zIndex.overlay};
  display: flex;
  align-items: center;
  gap: 0.375rem;
  padding: 0.5rem;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  box-shadow: ${({ theme }) => theme.shadows.lg};
`;

const SwatchButton = styled.button<{ $color: string; $selected: boolean }>`
  width: 1.5rem;
  height: 1.5rem;
  padding: 0;
  border: 2px solid ${({ theme, $selected }) => ($selected ? theme.colors.text : 'transparent')};
  border-radius: 50%;
  background: ${({ $color }) => $color};
  box-shadow: inset 0 0 0 2px ${({ theme }) => theme.colors.surfaceRaised};
  cursor: pointer;
`;

const NativeInput = styled.input`
  width: 2rem;
  height: 1.75rem;
  padding: 0;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.sm};
  background: transparent;
  cursor: pointer;
`;

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** A colour (of a status, a comment step…) as a button opening the palette and a free colour input. */
export function ColorPicker({ label, paletteLabel, color, onChange, disabled, error: errors }: ColorPickerProps) {
  const error = firstError(errors);
  const t = useUiText();
  const [open, setOpen] = useState(false);
  const [place, setPlace] = useState({ top: 0, left: 0 });
  const trigger = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const native = useRef<HTMLInputElement>(null);
  const panelId = useId();
  const errorId = useId();

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) trigger.current?.focus();
  };

  const pick = (next: string) => {
    close(true);
    if (!same(next, color)) onChange(next);
  };

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: MouseEvent) => {
      const target = event.target as Node;
      if (!panel.current?.contains(target) && !trigger.current?.contains(target)) setOpen(false);
    };
    // The panel is placed once; rather than follow the page, it closes when the page moves.
    const onMove = () => setOpen(false);
    document.addEventListener('mousedown', onPointer);
    window.addEventListener('resize', onMove);
    window.addEventListener('scroll', onMove, true);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      window.removeEventListener('resize', onMove);
      window.removeEventListener('scroll', onMove, true);
    };
  }, [open]);

  // React's onChange on a colour input fires on every move inside the browser's picker; the native
  // `change` fires once the user settles, which is when a PUT is worth sending.
  const pickRef = useRef(pick);
  useEffect(() => {
    pickRef.current = pick;
  });
  useEffect(() => {
    const input = native.current;
    if (!open || !input) return;
    const onCommit = () => pickRef.current(input.value.toUpperCase());
    input.addEventListener('change', onCommit);
    return () => input.removeEventListener('change', onCommit);
  }, [open]);

  return (
    <>
      <Trigger
        ref={trigger}
        type="button"
        // The visible code is part of the name (WCAG 2.5.3, label in name): voice users say what they see.
        aria-label={`${label} ${color.toUpperCase()}`}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        disabled={disabled}
        onClick={(event) => {
          const rect = event.currentTarget.getBoundingClientRect();
          setPlace({ top: rect.bottom + 4, left: rect.left });
          setOpen((was) => !was);
        }}
      >
        <ColorSwatch color={color} />
        {color.toUpperCase()}
      </Trigger>
      {error ? (
        <FieldMessage id={errorId} $error>
          {error}
        </FieldMessage>
      ) : null}
      {open ? (
        <Panel
          ref={panel}
          id={panelId}
          role="group"
          aria-label={paletteLabel}
          style={place}
          onKeyDown={(event) => {
            if (event.key === 'Escape') close(true);
          }}
        >
          {COLOR_PALETTE.map((option) => (
            <SwatchButton
              key={option.color}
              type="button"
              $color={option.color}
              $selected={same(option.color, color)}
              aria-label={t(`colorPicker.${option.name}`)}
              aria-pressed={same(option.color, color)}
              title={`${t(`colorPicker.${option.name}`)} ${option.color}`}
              onClick={() => pick(option.color)}
            />
          ))}
          <NativeInput ref={native} type="color" aria-label={t('colorPicker.custom')} defaultValue={color.toLowerCase()} />
        </Panel>
      ) : null}
    </>
  );
}
