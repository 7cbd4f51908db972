import { useId, useState, type DragEvent } from 'react';
import styled from 'styled-components';
import { alpha, Spinner } from '@crm/shared/ui';
import { IconUpload } from './icon-upload';

export interface ImportFileStepProps {
  /** Called with the picked or dropped file. */
  onFile: (file: File) => void;
  /** The file is being read by the server. */
  busy: boolean;
  error?: string | null;
}

const Zone = styled.label<{ $active: boolean; $invalid: boolean }>`
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: 0.75rem;
  min-height: 12rem;
  padding: 2rem 1.5rem;
  text-align: center;
  border: 2px dashed
    ${({ theme, $active, $invalid }) =>
      $invalid ? theme.colors.error : $active ? theme.colors.primary : theme.colors.borderStrong};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme, $active }) => ($active ? alpha(theme.colors.primary, 0.08) : 'transparent')};
  color: ${({ theme }) => theme.colors.textMuted};
  cursor: pointer;
  transition: background ${({ theme }) => theme.transition}, border-color ${({ theme }) => theme.transition};
  &:hover { border-color: ${({ theme }) => theme.colors.primary}; }
  &:focus-within { outline: 2px solid ${({ theme }) => theme.colors.primary}; outline-offset: 2px; }
  & > svg { color: ${({ theme }) => theme.colors.primary}; }
`;

const Lead = styled.span`
  font-size: ${({ theme }) => theme.font.sizeLg};
  color: ${({ theme }) => theme.colors.text};
`;

// Visually hidden but focusable, so the zone works from the keyboard too.
const HiddenInput = styled.input`
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip-path: inset(50%);
  white-space: nowrap;
`;

const ErrorText = styled.p`
  margin: 0.75rem 0 0;
  color: ${({ theme }) => theme.colors.errorText};
  font-size: ${({ theme }) => theme.font.sizeSm};
`;

/** Step 1: pick or drop the CSV file; the first line must hold the column headers. */
export function ImportFileStep({ onFile, busy, error }: ImportFileStepProps) {
  const [dragging, setDragging] = useState(false);
  const errorId = useId();

  const onDrop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files?.[0];
    if (file && !busy) onFile(file);
  };

  return (
    <div>
      <Zone
        $active={dragging}
        $invalid={Boolean(error)}
        aria-busy={busy || undefined}
        onDragOver={(event) => {
          // Without preventDefault the browser would open the dropped file instead.
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        {busy ? <Spinner size={40} label="" /> : <IconUpload size={40} />}
        <Lead>{busy ? 'Читаем файл…' : 'Перетащите файл CSV сюда или нажмите, чтобы выбрать'}</Lead>
        <span>Первая строка — названия столбцов, кодировка UTF-8</span>
        <HiddenInput
          type="file"
          accept=".csv,text/csv"
          aria-label="Файл CSV"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          disabled={busy}
          onChange={(event) => {
            const file = event.target.files?.[0];
            // Reset so picking the same file again after an error fires change again.
            event.target.value = '';
            if (file) onFile(file);
          }}
        />
      </Zone>
      {error ? (
        <ErrorText id={errorId} role="alert">
          {error}
        </ErrorText>
      ) : null}
    </div>
  );
}
