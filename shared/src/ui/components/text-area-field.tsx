import { useCallback, useLayoutEffect, useRef, type ComponentPropsWithRef, type ReactNode } from 'react';
import styled from 'styled-components';
import { fieldControlStyles, TextFieldFrame } from './field-parts';
import { withThemeFallback } from '../theme/with-theme-fallback';

export interface TextAreaFieldProps extends ComponentPropsWithRef<'textarea'> {
  label: string;
  /** Server or client messages; only the first is shown. */
  error?: string | readonly string[] | null;
  /** Help text shown while there is no error. */
  hint?: ReactNode;
  /** Class of the wrapper (the textarea gets `className` via `textAreaClassName`). */
  className?: string;
  textAreaClassName?: string;
  /** Lines shown when empty; 3 by default. */
  rows?: number;
  /** Grows with its text from `rows` lines, up to `maxRows` when given, then scrolls. */
  autoGrow?: boolean;
  maxRows?: number;
}

// The kit's line height (fieldControlStyles), so `maxRows` lines are `maxRows * 1.5em` high.
const LINE_HEIGHT_EM = 1.5;

const TextArea = styled.textarea<{ $invalid: boolean; $autoGrow: boolean; $maxRows?: number }>`
  ${fieldControlStyles}
  display: block;
  resize: ${({ $autoGrow }) => ($autoGrow ? 'none' : 'vertical')};
  ${({ $maxRows }) =>
    $maxRows
      ? // Padding and border are 2px + 0.875rem tall whether focused or not (focus moves a pixel from one to the other).
        `max-height: calc(${$maxRows * LINE_HEIGHT_EM}em + 0.875rem + 2px); overflow-y: auto;`
      : ''}
`;

function assignRef(ref: TextAreaFieldProps['ref'], node: HTMLTextAreaElement | null) {
  if (typeof ref === 'function') ref(node);
  else if (ref) ref.current = node;
}

// Height 'auto' first, so a shorter text shrinks the box again; the CSS max-height caps it and scrolls beyond.
function fitHeight(textarea: HTMLTextAreaElement) {
  const style = getComputedStyle(textarea);
  const border = parseFloat(style.borderTopWidth) + parseFloat(style.borderBottomWidth) || 0;
  textarea.style.height = 'auto';
  textarea.style.height = `${textarea.scrollHeight + border}px`;
}

function TextAreaFieldView({
  label,
  error,
  hint,
  id,
  className,
  textAreaClassName,
  rows = 3,
  autoGrow = false,
  maxRows,
  ref,
  value,
  onChange,
  ...rest
}: TextAreaFieldProps) {
  const node = useRef<HTMLTextAreaElement | null>(null);
  const setNode = useCallback(
    (element: HTMLTextAreaElement | null) => {
      node.current = element;
      assignRef(ref, element);
    },
    [ref],
  );

  // A value set from outside (a reload, a reset) fits the box too, not only typing.
  useLayoutEffect(() => {
    if (autoGrow && node.current) fitHeight(node.current);
  }, [autoGrow, value]);

  return (
    <TextFieldFrame id={id} label={label} error={error} hint={hint} className={className}>
      {({ invalid, ...control }) => (
        <TextArea
          {...control}
          ref={setNode}
          className={textAreaClassName}
          rows={rows}
          $invalid={invalid}
          $autoGrow={autoGrow}
          $maxRows={autoGrow ? maxRows : undefined}
          value={value}
          onChange={(event) => {
            if (autoGrow) fitHeight(event.currentTarget);
            onChange?.(event);
          }}
          {...rest}
        />
      )}
    </TextFieldFrame>
  );
}

/**
 * TextField's multi-line sibling: the same label, hint, first error, colours and focus ring. `autoGrow` lets it grow
 * with its text up to `maxRows` lines.
 */
export const TextAreaField = withThemeFallback(TextAreaFieldView, 'TextAreaField');
