import { useId, useState } from 'react';
import styled from 'styled-components';
import { errorMessage, firstFieldError } from '@crm/shared/api-client';
import { useUiLanguage, useUiText } from '../i18n/ui-i18n';
import { IconCheck, IconX } from '../icons/icons';
import { alpha } from '../tokens/alpha';
import { IconButton } from './icon-button';

export interface InlineNameEditorProps {
  /** The accessible name of the field, e.g. 'Название статуса'. */
  label: string;
  name: string;
  /** Saves the new name; a thrown ApiError's first `name` message (else its message) is shown under the field. */
  onSave: (name: string) => Promise<void>;
  /** Leaves editing: after a save, on Escape or on the cancel button. */
  onDone: () => void;
  /** The request field whose 422 message shows under the input (`name`, or `title` for a document category). */
  errorField?: string;
}

const Root = styled.div`
  display: flex;
  flex-direction: column;
  gap: 0.25rem;
  min-width: 12rem;
`;

const Row = styled.div`
  display: flex;
  align-items: center;
  gap: 0.25rem;
`;

const Input = styled.input<{ $invalid: boolean }>`
  flex: 1;
  min-width: 0;
  padding: 0.3125rem 0.625rem;
  border: 1px solid ${({ theme, $invalid }) => ($invalid ? theme.colors.error : theme.colors.primary)};
  border-radius: ${({ theme }) => theme.radius.md};
  background: transparent;
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  &:focus {
    outline: none;
    box-shadow: 0 2px 6px ${({ theme, $invalid }) => alpha($invalid ? theme.colors.error : theme.colors.primary, 0.25)};
  }
`;

const Message = styled.div`
  font-size: ${({ theme }) => theme.font.sizeSm};
  color: ${({ theme }) => theme.colors.errorText};
`;

/** The inline rename field of a table row: Enter saves, Escape cancels, the first server message shows below. */
export function InlineNameEditor({ label, name, onSave, onDone, errorField = 'name' }: InlineNameEditorProps) {
  const t = useUiText();
  const lng = useUiLanguage();
  const [value, setValue] = useState(name);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const errorId = useId();

  const save = async () => {
    if (saving) return;
    if (value === name) {
      onDone();
      return;
    }
    setSaving(true);
    setError(null);
    try {
      await onSave(value);
    } catch (failure) {
      setSaving(false);
      setError(firstFieldError(failure, errorField) ?? errorMessage(failure, lng));
      return;
    }
    onDone();
  };

  return (
    <Root>
      <Row>
        <Input
          aria-label={label}
          value={value}
          $invalid={Boolean(error)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          readOnly={saving}
          autoFocus
          onChange={(event) => setValue(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              void save();
            } else if (event.key === 'Escape') {
              // Escape here must not also close a surrounding overlay.
              event.stopPropagation();
              onDone();
            }
          }}
        />
        <IconButton label={t('nameEditor.save')} size="sm" color="primary" disabled={saving} onClick={() => void save()}>
          <IconCheck size={18} />
        </IconButton>
        <IconButton label={t('common.cancel')} size="sm" disabled={saving} onClick={onDone}>
          <IconX size={18} />
        </IconButton>
      </Row>
      {error ? (
        <Message id={errorId} role="alert">
          {error}
        </Message>
      ) : null}
    </Root>
  );
}
