import { useId, type ReactNode } from 'react';
import styled, { css } from 'styled-components';
import { alpha } from '../tokens/alpha';
import { firstError } from './first-error';

// Label and message parts shared by TextField, TextAreaField and Select so the fields line up in a form.
export const FieldRoot = styled.div`
  display: flex;
  flex-direction: column;
  gap: 0.25rem;
  min-width: 0;
`;

export const FieldLabel = styled.label`
  font-size: ${({ theme }) => theme.font.sizeSm};
  color: ${({ theme }) => theme.colors.text};
  line-height: 1.2;
`;

export const FieldMessage = styled.div<{ $error?: boolean }>`
  font-size: ${({ theme }) => theme.font.sizeSm};
  line-height: 1.3;
  color: ${({ theme, $error }) => ($error ? theme.colors.errorText : theme.colors.textMuted)};
`;

/** The outlined box of TextField and TextAreaField: one look for border, text, focus ring, disabled and read-only. */
export const fieldControlStyles = css<{ $invalid: boolean }>`
  width: 100%;
  padding: 0.4375rem 0.875rem;
  border: 1px solid ${({ theme, $invalid }) => ($invalid ? theme.colors.error : theme.colors.borderStrong)};
  border-radius: ${({ theme }) => theme.radius.md};
  background: transparent;
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.font.size};
  line-height: 1.5;
  transition: border-color ${({ theme }) => theme.transition}, box-shadow ${({ theme }) => theme.transition};
  &::placeholder { color: ${({ theme }) => theme.colors.textPlaceholder}; }
  &:hover:not(:disabled):not(:focus):not([readonly]) {
    border-color: ${({ theme, $invalid }) => ($invalid ? theme.colors.error : theme.colors.textMuted)};
  }
  &:focus {
    outline: none;
    /* The thicker border takes its pixel from the padding, so the text does not move. */
    border-width: 2px;
    padding: 0.375rem 0.8125rem;
    border-color: ${({ theme, $invalid }) => ($invalid ? theme.colors.error : theme.colors.primary)};
    box-shadow: 0 2px 6px ${({ theme, $invalid }) => alpha($invalid ? theme.colors.error : theme.colors.primary, 0.25)};
  }
  /* Read-only text can still be focused, selected and copied; a tinted ground says it cannot be changed. */
  &[readonly] { background: ${({ theme }) => theme.colors.hover}; }
  &:disabled { opacity: 0.6; cursor: not-allowed; }
`;

export interface TextFieldFrameProps {
  id: string | undefined;
  label: string;
  error?: string | readonly string[] | null;
  hint?: ReactNode;
  className?: string;
  /** Draws the control, given its id and the attributes that tie it to the label and the message. */
  children: (control: { id: string; invalid: boolean; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode;
}

/** TextField's and TextAreaField's frame: the label, then the control, then the first error (announced) or the hint. */
export function TextFieldFrame({ id, label, error, hint, className, children }: TextFieldFrameProps) {
  const autoId = useId();
  const controlId = id ?? autoId;
  const message = firstError(error);
  const describedBy = message ? `${controlId}-error` : hint ? `${controlId}-hint` : undefined;
  return (
    <FieldRoot className={className}>
      <FieldLabel htmlFor={controlId}>{label}</FieldLabel>
      {children({ id: controlId, invalid: Boolean(message), 'aria-invalid': message ? true : undefined, 'aria-describedby': describedBy })}
      {message ? (
        <FieldMessage id={`${controlId}-error`} role="alert" $error>
          {message}
        </FieldMessage>
      ) : hint ? (
        <FieldMessage id={`${controlId}-hint`}>{hint}</FieldMessage>
      ) : null}
    </FieldRoot>
  );
}
