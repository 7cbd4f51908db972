import { useId, useState } from 'react';
import styled from 'styled-components';
import { Button, TextField, useUiText } from '@crm/shared/ui';
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
  font-size: ${({ theme }) => theme.font.sizeSm};
  color: ${({ theme }) => theme.colors.text};
`;

const FileRow = styled.div`
  display: flex;
  align-items: center;
  gap: 0.75rem;
  min-height: 2.375rem;
`;

// The native input stays in the page (keyboard, screen readers, labels) but out of sight: its "Choose File" button
// is the browser's, unstyled and in the browser's language. The label below is the visible, styled button.
const HiddenInput = styled.input`
  position: absolute;
  width: 1px;
  height: 1px;
  margin: -1px;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
  border: 0;
`;

const ChooseButton = styled.label`
  display: inline-flex;
  align-items: center;
  min-height: 2.125rem;
  padding: 0 0.875rem;
  border: 1px solid ${({ theme }) => theme.colors.primary};
  border-radius: ${({ theme }) => theme.radius.md};
  color: ${({ theme }) => theme.colors.primaryText};
  font-weight: 500;
  cursor: pointer;
  input:focus-visible + & {
    outline: 2px solid ${({ theme }) => theme.colors.primary};
    outline-offset: 2px;
  }
`;

const FileName = styled.span`
  min-width: 0;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
  color: ${({ theme }) => theme.colors.textMuted};
`;

export function ImageForm({ onUpload, onCancel }: ImageFormProps) {
  const t = useUiText();
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
          {/* The input itself carries the name; this is its visible caption. */}
          <span aria-hidden>{t('editor.imageFile')}</span>
          <FileRow>
            <HiddenInput
              id={fileId}
              type="file"
              accept="image/*"
              autoFocus
              aria-label={t('editor.imageFile')}
              aria-describedby={`${fileId}-name`}
              onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            />
            <ChooseButton htmlFor={fileId}>{t('editor.chooseFile')}</ChooseButton>
            <FileName id={`${fileId}-name`}>{file ? file.name : t('editor.noFileChosen')}</FileName>
          </FileRow>
        </FileField>
        <TextField
          label={t('editor.altText')}
          value={altText}
          placeholder={t('editor.describeImage')}
          onChange={(event) => setAltText(event.target.value)}
        />
      </PanelFields>
      <PanelActions>
        <Button variant="secondary" size="sm" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button size="sm" disabled={!file} loading={busy} onClick={() => void submit()}>
          {t('editor.upload')}
        </Button>
      </PanelActions>
    </div>
  );
}
