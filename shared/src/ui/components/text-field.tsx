import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';
import styled from 'styled-components';
import { alpha } from '../tokens/alpha';
import { FieldLabel, FieldMessage, FieldRoot } from './field-parts';
import { firstError } from './first-error';
import { withThemeFallback } from '../theme/with-theme-fallback';

export interface TextFieldProps extends Omit<ComponentPropsWithRef<'input'>, 'size'> {
  label: string;
  /** Server or client messages; only the first is shown. */
  error?: string | readonly string[] | null;
  /** Help text shown while there is no error. */
  hint?: ReactNode;
  /** Class of the wrapper (the input gets `className` via `inputClassName`). */
  className?: string;
  inputClassName?: string;
}

const Input = styled.input<{ $invalid: boolean }>`
  width: 100%;
  min-height: 2.375rem;
  padding: 0.4375rem 0.875rem;
  border: 1px solid ${({ theme, $invalid }) => ($invalid ? theme.colors.error : theme.colors.borderStrong)};
  border-radius: ${({ theme }) => theme.radius.md};
  background: transparent;
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.font.size};
  line-height: 1.5;
  transition: border-color ${({ theme }) => theme.transition}, box-shadow ${({ theme }) => theme.transition};
  &::placeholder { color: ${({ theme }) => theme.colors.textPlaceholder}; }
  &:hover:not(:disabled):not(:focus) {
    border-color: ${({ theme, $invalid }) => ($invalid ? theme.colors.error : theme.colors.textMuted)};
  }
  &:focus {
    outline: none;
    border-width: 2px;
    padding: 0.375rem 0.8125rem;
    border-color: ${({ theme, $invalid }) => ($invalid ? theme.colors.error : theme.colors.primary)};
    box-shadow: 0 2px 6px ${({ theme, $invalid }) => alpha($invalid ? theme.colors.error : theme.colors.primary, 0.25)};
  }
  &:disabled { opacity: 0.6; cursor: not-allowed; }
`;

function TextFieldView({ label, error, hint, id, className, inputClassName, ...rest }: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const message = firstError(error);
  const describedBy = message ? `${inputId}-error` : hint ? `${inputId}-hint` : undefined;
  return (
    <FieldRoot className={className}>
      <FieldLabel htmlFor={inputId}>{label}</FieldLabel>
      <Input
        id={inputId}
        className={inputClassName}
        $invalid={Boolean(message)}
        aria-invalid={message ? true : undefined}
        aria-describedby={describedBy}
        {...rest}
      />
      {message ? (
        <FieldMessage id={`${inputId}-error`} role="alert" $error>
          {message}
        </FieldMessage>
      ) : hint ? (
        <FieldMessage id={`${inputId}-hint`}>{hint}</FieldMessage>
      ) : null}
    </FieldRoot>
  );
}

/** An outlined, compact text input with its label, showing only the first error. */
export const TextField = withThemeFallback(TextFieldView, 'TextField');
