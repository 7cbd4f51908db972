import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';
import styled from 'styled-components';
import { FieldLabel, FieldMessage, FieldRoot, fieldControlStyles } from './field-parts';
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
  ${fieldControlStyles}
  min-height: 2.375rem;
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
