import { useTranslation } from 'react-i18next';
import { useThemePreference, type ThemePreference } from '../hooks/use-theme-preference';
import { DropdownMenu } from './dropdown-menu';
import { IconDeviceDesktop, IconMoon, IconSun } from './icons';
import { MenuItem } from './menu-item';

const OPTIONS = [
  { value: 'light', labelKey: 'layout.themeLight', Icon: IconSun },
  { value: 'dark', labelKey: 'layout.themeDark', Icon: IconMoon },
  { value: 'system', labelKey: 'layout.themeSystem', Icon: IconDeviceDesktop },
] as const satisfies readonly { value: ThemePreference; labelKey: string; Icon: unknown }[];

/** Light, dark or system; the trigger shows the current choice. */
export function ThemeSwitcher() {
  const { t } = useTranslation();
  const { preference, setPreference } = useThemePreference();
  const Current = OPTIONS.find((o) => o.value === preference)?.Icon ?? IconDeviceDesktop;
  return (
    <DropdownMenu label={t('layout.theme')} trigger={<Current size={22} />}>
      {(close) =>
        OPTIONS.map(({ value, labelKey, Icon }) => (
          <MenuItem
            key={value}
            role="menuitemradio"
            aria-checked={preference === value}
            onClick={() => {
              setPreference(value);
              close();
            }}
          >
            <Icon size={20} />
            {t(labelKey)}
          </MenuItem>
        ))
      }
    </DropdownMenu>
  );
}
