import { useId, useState } from 'react';
import styled from 'styled-components';
import { Button, TextField } from '@crm/shared/ui';
import { PanelActions, PanelFields } from './panel-layout';
import { submitOnEnter } from './submit-on-enter';

export interface ImageFormProps {
  // Uploads and inserts; resolves true when the image went in (failures are reported by the caller).
  onUpload: (file: File, altText: string) => Promise<boolean>;
  onCancel: () => void;
}

const FileField = styled.div`
  display: flex;
  flex-direction: column;
  gap: 0.25rem;
  label {
    font-size: ${({ theme }) => theme.font.sizeSm};
    color: ${({ theme }) => theme.colors.text};
  }
  input {
    min-height: 2.375rem;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.font.sizeSm};
  }
`;

export function ImageForm({ onUpload, onCancel }: ImageFormProps) {
  const [file, setFile] = useState<File | null>(null);
  const [altText, setAltText] = useState('');
  const [busy, setBusy] = useState(false);
  const fileId = useId();

  const submit = async () => {
    if (!file || busy) return;
    setBusy(true);
    const inserted = await onUpload(file, altText.trim());
    // On success the panel closes and this form unmounts; only a failure leaves it here to try again.
    if (!inserted) setBusy(false);
  };

  return (
    <div onKeyDown={submitOnEnter(() => void submit())}>
      <PanelFields>
        <FileField>
          <label htmlFor={fileId}>Image file</label>
          <input
            id={fileId}
            type="file"
            accept="image/*"
            autoFocus
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          />
        </FileField>
        <TextField
          label="Alternative text"
          value={altText}
          placeholder="Describe the image"
          onChange={(event) => setAltText(event.target.value)}
        />
      </PanelFields>
      <PanelActions>
        <Button variant="secondary" size="sm" onClick={onCancel}>
          Cancel
        </Button>
        <Button size="sm" disabled={!file} loading={busy} onClick={() => void submit()}>
          Upload
        </Button>
      </PanelActions>
    </div>
  );
}
