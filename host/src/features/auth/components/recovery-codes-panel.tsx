import { Button, useToast } from '@crm/shared/ui';
import { useTranslation } from 'react-i18next';
import { TWO_FACTOR_NS } from '../utils/two-factor-ns';
import styled from 'styled-components';

const Codes = styled.ol`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: 0.5rem 1.5rem;
  margin: 0;
  padding: 1rem 1.25rem;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  list-style: none;
  font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
  direction: ltr;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
`;

const Hint = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

export interface RecoveryCodesPanelProps {
  codes: string[];
  /** "Done" / "Continue": the codes are not shown again once it is pressed. */
  onDone: () => void;
  doneLabel: string;
}

/** The ten recovery codes, shown once: copy them or save them as a text file before going on (decision 071). */
export function RecoveryCodesPanel({ codes, onDone, doneLabel }: RecoveryCodesPanelProps) {
  const { t } = useTranslation([TWO_FACTOR_NS, 'translation']);
  const toast = useToast();
  const text = `${codes.join('\n')}\n`;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toast.success(t('twoFactor:codesCopied'));
    } catch {
      toast.error(t('twoFactor:copyFailed'));
    }
  };

  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'crm-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };

  return (
    <section aria-labelledby="recovery-codes-title" style={{ display: 'grid', gap: '1rem' }}>
      <h3 id="recovery-codes-title" style={{ margin: 0 }}>
        {t('twoFactor:recoveryCodesTitle')}
      </h3>
      <Hint>{t('twoFactor:recoveryCodesHint')}</Hint>
      <Codes aria-label={t('twoFactor:recoveryCodesTitle')}>
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Codes>
      <Actions>
        <Button type="button" variant="secondary" onClick={() => void copy()}>
          {t('twoFactor:copyCodes')}
        </Button>
        <Button type="button" variant="secondary" onClick={download}>
          {t('twoFactor:downloadCodes')}
        </Button>
        <Button type="button" onClick={onDone}>
          {doneLabel}
        </Button>
      </Actions>
    </section>
  );
}
