import { useTranslation } from 'react-i18next';
import { DropdownMenu } from './dropdown-menu';
import { IconLanguage } from './icons';
import { MenuItem } from './menu-item';

export interface LanguageSwitcherProps {
  languages: readonly { code: string; label: string }[];
}

/** Changes the i18n language; the i18n setup applies `<html lang dir>` and stores the choice. */
export function LanguageSwitcher({ languages }: LanguageSwitcherProps) {
  const { t, i18n } = useTranslation();
  return (
    <DropdownMenu label={t('layout.language')} trigger={<IconLanguage size={22} />}>
      {(close) =>
        languages.map(({ code, label }) => (
          <MenuItem
            key={code}
            role="menuitemradio"
            lang={code}
            aria-checked={i18n.language === code}
            onClick={() => {
              void i18n.changeLanguage(code);
              close();
            }}
          >
            {label}
          </MenuItem>
        ))
      }
    </DropdownMenu>
  );
}
