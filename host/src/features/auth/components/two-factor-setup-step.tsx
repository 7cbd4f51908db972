import type { TwoFactorSetup } from '@crm/shared/schemas';
import type { Session } from '@crm/shared/schemas/mini';
import { Button, Spinner } from '@crm/shared/ui';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TWO_FACTOR_NS } from '../utils/two-factor-ns';
import { confirmSetupAtSignIn, startSetupAtSignIn } from '../api/two-factor-setup-at-sign-in';
import { FormAlert } from './form-alert';
import { RecoveryCodesPanel } from './recovery-codes-panel';
import { TwoFactorSetupForm } from './two-factor-setup-form';

export interface TwoFactorSetupStepProps {
  challenge: string;
  onSignedIn: (session: Session) => void;
  onRestart: () => void;
}

/**
 * The sign-in of a user whose role requires a second factor they have not set up: scan, confirm, keep the recovery
 * codes; only then the session is stored (decision 071).
 */
export function TwoFactorSetupStep({ challenge, onSignedIn, onRestart }: TwoFactorSetupStepProps) {
  const { t } = useTranslation([TWO_FACTOR_NS, 'translation']);
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [failed, setFailed] = useState(false);
  const [done, setDone] = useState<{ session: Session; recoveryCodes: string[] } | null>(null);

  useEffect(() => {
    let live = true;
    startSetupAtSignIn(challenge).then(
      (material) => live && setSetup(material),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [challenge]);

  if (done) {
    return <RecoveryCodesPanel codes={done.recoveryCodes} doneLabel={t('twoFactor:proceed')} onDone={() => onSignedIn(done.session)} />;
  }
  if (failed) {
    return (
      <>
        <FormAlert>{t('twoFactor:setupExpired')}</FormAlert>
        <Button type="button" variant="text" onClick={onRestart}>
          {t('twoFactor:backToLogin')}
        </Button>
      </>
    );
  }
  if (!setup) return <Spinner />;
  return <TwoFactorSetupForm setup={setup} onConfirm={async (code) => setDone(await confirmSetupAtSignIn(challenge, code))} />;
}
