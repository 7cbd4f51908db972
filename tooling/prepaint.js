(function () {
  // Before the first paint: the stored theme, skin, primary colour and language (cookies CRM-*, docs/decisions/039).
  // Inlined into index.html; the API allows it by its sha256 in the Content-Security-Policy.
  // Keep the colours equal to SKIN_COLORS and the defaults in host/src/features/layout/utils/preferences.ts.
  var d = document.documentElement;
  try {
    var c = {};
    document.cookie.split(';').forEach(function (p) {
      var i = p.indexOf('=');
      if (i > 0) c[p.slice(0, i).trim()] = decodeURIComponent(p.slice(i + 1).trim());
    });
    var theme = c['CRM-theme'];
    var dark = theme === 'dark' || (theme !== 'light' && !!window.matchMedia && matchMedia('(prefers-color-scheme: dark)').matches);
    var mode = dark ? 'dark' : 'light';
    var skin = c['CRM-skin'] === 'bordered' ? 'bordered' : 'default';
    var skins = {
      light: { default: ['#F8F7FA', '#FFFFFF'], bordered: ['#FFFFFF', '#FFFFFF'] },
      dark: { default: ['#25293C', '#2F3349'], bordered: ['#2F3349', '#2F3349'] }
    };
    var primary = c[dark ? 'CRM-darkThemePrimaryColor' : 'CRM-lightThemePrimaryColor'];
    if (!/^#[0-9a-f]{6}$/i.test(primary || '')) primary = '#0D9394';
    var lang = c['CRM-language'];
    if (/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/.test(lang || '')) d.lang = lang;
    var rtl = c['CRM-isRTL'];
    d.dir = rtl === 'true' || (rtl !== 'false' && d.lang === 'ar') ? 'rtl' : 'ltr';
    d.setAttribute('data-theme', mode);
    d.setAttribute('data-skin', skin);
    d.style.colorScheme = mode;
    d.style.setProperty('--crm-background', skins[mode][skin][0]);
    d.style.setProperty('--crm-surface', skins[mode][skin][1]);
    d.style.setProperty('--crm-primary', primary);
  } catch {
    // Defaults from the stylesheet below.
  }
})();
