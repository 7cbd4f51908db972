import type { ComponentPropsWithRef, ReactNode } from 'react';
import styled from 'styled-components';
import { fieldControlStyles, TextFieldFrame } from './field-parts';
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
  return (
    <TextFieldFrame id={id} label={label} error={error} hint={hint} className={className}>
      {({ invalid, ...control }) => <Input {...control} className={inputClassName} $invalid={invalid} {...rest} />}
    </TextFieldFrame>
  );
}

/** An outlined, compact text input with its label, showing only the first error. */
export const TextField = withThemeFallback(TextFieldView, 'TextField');
