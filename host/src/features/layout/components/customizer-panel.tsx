import { ColorPicker, colors, IconButton, IconX } from '@crm/shared/ui';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { usePreferences } from '../hooks/use-preferences';
import type { StoredPreferences } from '../utils/preferences';
import { CUSTOMIZER_NS } from '../utils/customizer-ns';
import { IconRefresh } from './icons';

export interface CustomizerPanelProps {
  open: boolean;
  onClose: () => void;
}

/** Primary colour presets: the spec's teal first, then Vuexy's. */
export const PRIMARY_PRESETS = [colors.primary, '#7367F0', '#FFAB1D', '#EB3D63', '#2092EC'] as const;

const Panel = styled.aside<{ $open: boolean }>`
  position: fixed;
  inset-block: 0;
  inset-inline-end: 0;
  z-index: ${({ theme }) => theme.zIndex.overlay + 2};
  display: flex;
  flex-direction: column;
  width: min(400px, 100vw);
  background: ${({ theme }) => theme.colors.surfaceRaised};
  color: ${({ theme }) => theme.colors.text};
  box-shadow: ${({ theme }) => theme.shadows.lg};
  transform: translateX(${({ $open }) => ($open ? '0' : '105%')});
  visibility: ${({ $open }) => ($open ? 'visible' : 'hidden')};
  transition: transform ${({ theme }) => theme.transition}, visibility ${({ theme }) => theme.transition};
  html[dir='rtl'] & { transform: translateX(${({ $open }) => ($open ? '0' : '-105%')}); }
`;

const Header = styled.div`
  display: flex;
  align-items: flex-start;
  gap: 0.5rem;
  padding: 1.25rem 1.5rem;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  h2 { font-size: ${({ theme }) => theme.font.sizeLg}; }
  p { margin: 0.25rem 0 0; color: ${({ theme }) => theme.colors.textMuted}; font-size: ${({ theme }) => theme.font.sizeSm}; }
`;

const Body = styled.div`
  flex: 1;
  overflow-y: auto;
  padding: 0.5rem 1.5rem 1.5rem;
`;

const SectionTitle = styled.h3`
  margin: 1.25rem 0 0.5rem;
  padding: 0.125rem 0.5rem;
  width: fit-content;
  border-radius: ${({ theme }) => theme.radius.sm};
  background: ${({ theme }) => theme.colors.hover};
  color: ${({ theme }) => theme.colors.primaryText};
  font-size: ${({ theme }) => theme.font.sizeSm};
  text-transform: uppercase;
`;

const Fieldset = styled.fieldset`
  margin: 0 0 1rem;
  padding: 0;
  border: 0;
  legend { margin-bottom: 0.5rem; color: ${({ theme }) => theme.colors.textMuted}; font-size: ${({ theme }) => theme.font.sizeSm}; }
`;

const Options = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.5rem;
`;

const Choice = styled.label`
  position: relative;
  display: inline-flex;
  align-items: center;
  padding: 0.375rem 0.875rem;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  cursor: pointer;
  input { position: absolute; opacity: 0; inset: 0; margin: 0; cursor: pointer; }
  &:has(input:checked) { border-color: ${({ theme }) => theme.colors.primary}; color: ${({ theme }) => theme.colors.primary}; }
  &:has(input:focus-visible) { outline: 2px solid ${({ theme }) => theme.colors.primary}; outline-offset: 2px; }
`;

const Swatch = styled(Choice)<{ $color: string }>`
  width: 2.25rem;
  height: 2.25rem;
  padding: 0.25rem;
  span { display: block; width: 100%; height: 100%; border-radius: ${({ theme }) => theme.radius.sm}; background: ${({ $color }) => $color}; }
`;

const Switch = styled.label`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 1rem;
  margin-bottom: 0.75rem;
  cursor: pointer;
  input { width: 1.125rem; height: 1.125rem; accent-color: ${({ theme }) => theme.colors.primary}; }
`;

function RadioGroup<K extends keyof StoredPreferences>({
  name,
  legend,
  options,
}: {
  name: K;
  legend: string;
  options: readonly { value: StoredPreferences[K]; label: string }[];
}) {
  const { prefs, update } = usePreferences();
  return (
    <Fieldset>
      <legend>{legend}</legend>
      <Options>
        {options.map(({ value, label }) => (
          <Choice key={String(value)}>
            <input
              type="radio"
              name={`customizer-${name}`}
              checked={prefs[name] === value}
              onChange={() => update({ [name]: value } as Partial<StoredPreferences>)}
            />
            {label}
          </Choice>
        ))}
      </Options>
    </Fieldset>
  );
}

function Toggle({ name, label }: { name: 'semiDark' | 'verticalNavCollapsed' | 'navbarBlur' | 'isRTL'; label: ReactNode }) {
  const { prefs, update } = usePreferences();
  return (
    <Switch>
      {label}
      <input type="checkbox" role="switch" checked={prefs[name]} onChange={(e) => update({ [name]: e.target.checked })} />
    </Switch>
  );
}

/** Every layout option of the spec, applied live and stored; Reset restores the defaults. Loaded on the first open. */
/** The panel once its texts are here: nothing shows for the moment they take to arrive on the first open. */
export default function CustomizerPanel(props: CustomizerPanelProps) {
  const { ready } = useTranslation(CUSTOMIZER_NS);
  return ready ? <LoadedPanel {...props} /> : null;
}

function LoadedPanel({ open, onClose }: CustomizerPanelProps) {
  const { t } = useTranslation([CUSTOMIZER_NS, 'translation']);
  const { prefs, mode, update, reset } = usePreferences();
  const closeRef = useRef<HTMLButtonElement>(null);
  const primaryKey = mode === 'dark' ? 'darkThemePrimaryColor' : 'lightThemePrimaryColor';
  const primary = prefs[primaryKey];

  useEffect(() => {
    if (!open) return;
    closeRef.current?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open, onClose]);

  const states = (['sticky', 'static', 'hidden'] as const).map((value) => ({ value, label: t(`customizer.${value}`) }));
  return (
    <Panel id="customizer" role="dialog" aria-label={t('customizer.title')} $open={open} inert={open ? undefined : true}>
      <Header>
        <div style={{ flex: 1 }}>
          <h2>{t('customizer.title')}</h2>
          <p>{t('customizer.subtitle')}</p>
        </div>
        <IconButton size="sm" label={t('customizer.reset')} onClick={reset}>
          <IconRefresh size={20} />
        </IconButton>
        <IconButton ref={closeRef} size="sm" label={t('customizer.close')} onClick={onClose}>
          <IconX size={20} />
        </IconButton>
      </Header>
      <Body>
        <SectionTitle>{t('customizer.theming')}</SectionTitle>
        <Fieldset>
          <legend>{t('customizer.primaryColor')}</legend>
          <Options>
            {PRIMARY_PRESETS.map((color) => (
              <Swatch key={color} $color={color} title={color}>
                <input
                  type="radio"
                  name="customizer-primary"
                  aria-label={color}
                  checked={primary.toLowerCase() === color.toLowerCase()}
                  onChange={() => update({ [primaryKey]: color })}
                />
                <span />
              </Swatch>
            ))}
            <ColorPicker
              label={t('customizer.customColor')}
              paletteLabel={t('customizer.customColorPalette')}
              color={primary}
              onChange={(color) => update({ [primaryKey]: color })}
            />
          </Options>
        </Fieldset>
        <RadioGroup
          name="theme"
          legend={t('customizer.theme')}
          options={(['light', 'dark', 'system'] as const).map((value) => ({ value, label: t(`customizer.${value}`) }))}
        />
        <RadioGroup
          name="skin"
          legend={t('customizer.skin')}
          options={[
            { value: 'default', label: t('customizer.skinDefault') },
            { value: 'bordered', label: t('customizer.skinBordered') },
          ]}
        />
        <Toggle name="semiDark" label={t('customizer.semiDark')} />

        <SectionTitle>{t('customizer.layout')}</SectionTitle>
        <RadioGroup
          name="contentWidth"
          legend={t('customizer.contentWidth')}
          options={(['boxed', 'fluid'] as const).map((value) => ({ value, label: t(`customizer.${value}`) }))}
        />
        <RadioGroup
          name="navigationType"
          legend={t('customizer.navigation')}
          options={(['vertical', 'horizontal'] as const).map((value) => ({ value, label: t(`customizer.${value}`) }))}
        />
        <Toggle name="verticalNavCollapsed" label={t('customizer.collapsed')} />
        <RadioGroup name="navbarType" legend={t('customizer.navbar')} options={states} />
        <Toggle name="navbarBlur" label={t('customizer.blur')} />
        <RadioGroup name="footerType" legend={t('customizer.footer')} options={states} />
        <Fieldset>
          <legend>{t('customizer.direction')}</legend>
          <Toggle name="isRTL" label={t('customizer.rtl')} />
        </Fieldset>
      </Body>
    </Panel>
  );
}
