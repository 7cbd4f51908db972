import { Select } from '@crm/shared/ui';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_PAGE_NAMESPACES } from '../utils/account-page-ns';

export interface PreferredLanguageProps {
  languages: readonly { code: string; label: string }[];
  language: string;
  onChange: (code: string) => void;
}

/**
 * The account tab's preferred language: the same choice as the top bar's switcher (stored in the CRM-language cookie
 * and applied to <html lang dir> by the layout). Shown only while the server has internationalisation on.
 */
export function PreferredLanguage({ languages, language, onChange }: PreferredLanguageProps) {
  const { t } = useTranslation(ACCOUNT_PAGE_NAMESPACES);
  return (
    <section aria-labelledby="preferred-language-title">
      <h2 id="preferred-language-title" style={{ margin: '0 0 0.25rem', fontSize: '1.125rem' }}>
        {t('account.language')}
      </h2>
      <p style={{ margin: '0 0 1rem' }}>{t('account.languageHint')}</p>
      <Select
        label={t('account.language')}
        options={languages.map(({ code, label }) => ({ value: code, label }))}
        value={language}
        onChange={(code) => {
          if (code !== null) onChange(String(code));
        }}
      />
    </section>
  );
}
