import { useState } from 'react';
import { Button, TextField } from '@crm/shared/ui';
import { parseVideoUrl, type VideoRef } from '../utils/parse-video-url';
import { PanelActions, PanelFields } from './panel-layout';
import { submitOnEnter } from './submit-on-enter';

export interface VideoFormProps {
  onSubmit: (video: VideoRef) => void;
  onCancel: () => void;
}

export const UNSUPPORTED_VIDEO_MESSAGE = 'Only YouTube and Vimeo video links can be embedded';

export function VideoForm({ onSubmit, onCancel }: VideoFormProps) {
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string>();

  const submit = () => {
    const video = parseVideoUrl(url);
    if (!video) {
      setError(UNSUPPORTED_VIDEO_MESSAGE);
      return;
    }
    onSubmit(video);
  };

  return (
    <div onKeyDown={submitOnEnter(submit)}>
      <PanelFields>
        <TextField
          label="Video URL (YouTube or Vimeo)"
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
          Cancel
        </Button>
        <Button size="sm" onClick={submit}>
          Embed
        </Button>
      </PanelActions>
    </div>
  );
}
