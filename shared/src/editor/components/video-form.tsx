import { useState } from 'react';
import { Button, TextField, useUiText } from '@crm/shared/ui';
import { parseVideoUrl, type VideoRef } from '../utils/parse-video-url';
import { PanelActions, PanelFields } from './panel-layout';
import { submitOnEnter } from './submit-on-enter';

export interface VideoFormProps {
  onSubmit: (video: VideoRef) => void;
  onCancel: () => void;
}


export function VideoForm({ onSubmit, onCancel }: VideoFormProps) {
  const t = useUiText();
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string>();

  const submit = () => {
    const video = parseVideoUrl(url);
    if (!video) {
      setError(t('editor.unsupportedVideo'));
      return;
    }
    onSubmit(video);
  };

  return (
    <div onKeyDown={submitOnEnter(submit)}>
      <PanelFields>
        <TextField
          label={t('editor.videoUrl')}
          type="url"
          inputMode="url"
          placeholder="https://www.youtube.com/watch?v=…"
          value={url}
          error={error}
          autoFocus
          onChange={(event) => {
            setUrl(event.target.value);
            setError(undefined);
          }}
        />
      </PanelFields>
      <PanelActions>
        <Button variant="secondary" size="sm" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button size="sm" onClick={submit}>
          {t('editor.embed')}
        </Button>
      </PanelActions>
    </div>
  );
}
