import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createAppTheme } from '@crm/shared/ui';
import { allowedNavGroups, type NavGroup } from './nav-item';
import {
  changePreferences,
  clearPreferences,
  DEFAULT_PREFERENCES,
  effectiveLayout,
  readPreferences,
  resolveMode,
  writePreferences,
} from './preferences';

const Icon = () => null;

describe('stored preferences', () => {
  test('with nothing stored, every preference is its default', () => {
    expect(readPreferences()).toEqual({
      language: 'en',
      theme: 'system',
      skin: 'default',
      lightThemePrimaryColor: '#0D9394',
      darkThemePrimaryColor: '#0D9394',
      semiDark: false,
      contentWidth: 'boxed',
      navigationType: 'vertical',
      navbarType: 'sticky',
      navbarBlur: true,
      footerType: 'static',
      verticalNavCollapsed: false,
      isRTL: false,
    });
  });

  test('each preference is kept in its own CRM-<name> cookie and read back', () => {
    writePreferences({ theme: 'dark', skin: 'bordered', navigationType: 'horizontal', navbarBlur: false, darkThemePrimaryColor: '#7367F0' });
    expect(document.cookie.split('; ').sort()).toEqual([
      'CRM-darkThemePrimaryColor=%237367F0',
      'CRM-navbarBlur=false',
      'CRM-navigationType=horizontal',
      'CRM-skin=bordered',
      'CRM-theme=dark',
    ]);
    expect(readPreferences()).toEqual({
      ...DEFAULT_PREFERENCES,
      theme: 'dark',
      skin: 'bordered',
      navigationType: 'horizontal',
      navbarBlur: false,
      darkThemePrimaryColor: '#7367F0',
    });
  });

  test('a value the preference does not allow counts as absent', () => {
    document.cookie = 'CRM-theme=purple; path=/';
    document.cookie = 'CRM-navbarBlur=yes; path=/';
    document.cookie = 'CRM-lightThemePrimaryColor=red; path=/';
    document.cookie = 'CRM-footerType=sticky; path=/';
    expect(readPreferences()).toEqual({ ...DEFAULT_PREFERENCES, footerType: 'sticky' });
  });

  test('clearing forgets them all', () => {
    writePreferences({ theme: 'light', contentWidth: 'fluid' });
    clearPreferences();
    expect(document.cookie).toBe('');
    expect(readPreferences()).toEqual(DEFAULT_PREFERENCES);
  });
});

describe('transitions between preferences', () => {
  test('switching to horizontal turns a hidden navbar into sticky and un-collapses the vertical nav', () => {
    const before = { ...DEFAULT_PREFERENCES, navbarType: 'hidden' as const, verticalNavCollapsed: true };
    expect(changePreferences(before, { navigationType: 'horizontal' })).toMatchObject({
      navigationType: 'horizontal',
      navbarType: 'sticky',
      verticalNavCollapsed: false,
    });
    // A static navbar stays static; switching back to vertical changes nothing else.
    const staticBar = { ...DEFAULT_PREFERENCES, navbarType: 'static' as const };
    expect(changePreferences(staticBar, { navigationType: 'horizontal' }).navbarType).toBe('static');
    expect(changePreferences(before, { navigationType: 'vertical' })).toEqual({ ...before, navigationType: 'vertical' });
  });

  test('below 976 px the navigation is an overlay and forced vertical', () => {
    const horizontal = { ...DEFAULT_PREFERENCES, navigationType: 'horizontal' as const, verticalNavCollapsed: true };
    expect(effectiveLayout(horizontal, true)).toEqual({
      overlay: true,
      navigationType: 'vertical',
      navbarType: 'sticky',
      collapsed: false,
    });
    expect(effectiveLayout(horizontal, false)).toMatchObject({ overlay: false, navigationType: 'horizontal' });
  });

  test('system theme follows the operating system; light and dark ignore it', () => {
    expect(resolveMode('system', true)).toBe('dark');
    expect(resolveMode('system', false)).toBe('light');
    expect(resolveMode('light', true)).toBe('light');
    expect(resolveMode('dark', false)).toBe('dark');
  });

  test('a skin change swaps background and surface colours of both themes', () => {
    expect(createAppTheme('light').colors).toMatchObject({ background: '#F8F7FA', surface: '#FFFFFF' });
    expect(createAppTheme('light', { skin: 'bordered' }).colors).toMatchObject({ background: '#FFFFFF', surface: '#FFFFFF' });
    expect(createAppTheme('dark').colors).toMatchObject({ background: '#25293C', surface: '#2F3349' });
    expect(createAppTheme('dark', { skin: 'bordered' }).colors).toMatchObject({ background: '#2F3349', surface: '#2F3349' });
  });
});

describe('the pre-paint script (tooling/prepaint.js)', () => {
  const script = readFileSync(path.join(__dirname, '../../../../../tooling/prepaint.js'), 'utf8');
  const html = document.documentElement;
  const original = window.matchMedia;
  afterEach(() => {
    window.matchMedia = original;
    html.removeAttribute('style');
    html.lang = 'en';
    html.dir = 'ltr';
  });

  function runWith(prefersDark: boolean) {
    window.matchMedia = ((query: string) => ({ matches: prefersDark && query === '(prefers-color-scheme: dark)' })) as never;
    new Function(script)();
    return {
      theme: html.dataset.theme,
      background: html.style.getPropertyValue('--crm-background'),
      surface: html.style.getPropertyValue('--crm-surface'),
      primary: html.style.getPropertyValue('--crm-primary'),
      colorScheme: html.style.colorScheme,
    };
  }

  test.each([
    ['light', 'default'],
    ['light', 'bordered'],
    ['dark', 'default'],
    ['dark', 'bordered'],
  ] as const)('applies the %s theme with the %s skin in the same colours as the app', (mode, skin) => {
    writePreferences({ theme: mode, skin, lightThemePrimaryColor: '#7367F0', darkThemePrimaryColor: '#EB3D63' });
    const theme = createAppTheme(mode, { skin, primary: mode === 'dark' ? '#EB3D63' : '#7367F0' });
    expect(runWith(false)).toEqual({
      theme: mode,
      background: theme.colors.background,
      surface: theme.colors.surface,
      primary: theme.colors.primary,
      colorScheme: mode,
    });
  });

  test('system follows prefers-color-scheme; nothing stored gives the light colours and the brand teal', () => {
    expect(runWith(true)).toMatchObject({ theme: 'dark', background: '#25293C' });
    expect(runWith(false)).toMatchObject({ theme: 'light', background: '#F8F7FA', primary: '#0D9394' });
  });

  test('sets <html lang dir> from the stored language and RTL flag', () => {
    writePreferences({ language: 'ar' });
    runWith(false);
    expect([html.lang, html.dir]).toEqual(['ar', 'rtl']);
    writePreferences({ language: 'fr', isRTL: true });
    runWith(false);
    expect([html.lang, html.dir]).toEqual(['fr', 'rtl']);
    writePreferences({ language: 'ar', isRTL: false });
    runWith(false);
    expect(html.dir).toBe('ltr');
  });
});

describe('the menu from abilities', () => {
  const item = (to: string, subject?: 'lead' | 'document' | 'users') => ({
    to,
    labelKey: to,
    icon: Icon,
    ...(subject ? { action: 'view' as const, subject } : {}),
  });
  const groups: NavGroup[] = [
    { labelKey: 'leads', icon: Icon, items: [item('/leads', 'lead'), item('/help')] },
    { labelKey: 'docs', icon: Icon, items: [item('/documents', 'document')] },
    { labelKey: 'admin', icon: Icon, items: [item('/users', 'users')] },
  ];

  test('keeps only allowed entries and drops groups left empty', () => {
    const can = (_action: string, subject: string) => subject === 'document';
    expect(allowedNavGroups(groups, can).map((g) => [g.labelKey, g.items.map((i) => i.to)])).toEqual([
      ['leads', ['/help']],
      ['docs', ['/documents']],
    ]);
    expect(allowedNavGroups(groups, () => false).map((g) => g.labelKey)).toEqual(['leads']);
  });
});
