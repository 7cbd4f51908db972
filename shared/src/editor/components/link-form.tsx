import { useState } from 'react';
import { Button, TextField, useUiText } from '@crm/shared/ui';
import { normaliseLinkUrl } from '../utils/safe-url';
import { PanelActions, PanelFields } from './panel-layout';
import { submitOnEnter } from './submit-on-enter';

export interface LinkFormProps {
  // Ask for the text too: there is no selected text to turn into the link.
  withText?: boolean;
  onSubmit: (link: { url: string; text: string }) => void;
  onCancel: () => void;
}


export function LinkForm({ withText = false, onSubmit, onCancel }: LinkFormProps) {
  const t = useUiText();
  const [url, setUrl] = useState('');
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();

  const submit = () => {
    const safe = normaliseLinkUrl(url);
    if (!safe) {
      setError(t('editor.invalidLink'));
      return;
    }
    onSubmit({ url: safe, text: text.trim() || safe });
  };

  return (
    <div onKeyDown={submitOnEnter(submit)}>
      <PanelFields>
        <TextField
          label={t('editor.linkUrl')}
          type="url"
          inputMode="url"
          placeholder="https://"
          value={url}
          error={error}
          autoFocus
          onChange={(event) => {
            setUrl(event.target.value);
            setError(undefined);
          }}
        />
        {withText ? (
          <TextField label={t('editor.linkText')} value={text} onChange={(event) => setText(event.target.value)} />
        ) : null}
      </PanelFields>
      <PanelActions>
        <Button variant="secondary" size="sm" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button size="sm" onClick={submit}>
          {t('common.apply')}
        </Button>
      </PanelActions>
    </div>
  );
}
