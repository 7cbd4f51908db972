import { IconButton } from '@crm/shared/ui';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ShortcutPage } from './shortcuts-panel';

// Loads on first use, never with the page.
const ShortcutsPanel = lazy(() => import('./shortcuts-panel').then((m) => ({ default: m.ShortcutsPanel })));


/** Four squares: the shortcuts grid. */
function IconGrid() {
  return (
    <svg width={22} height={22} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden>
      <rect x="4" y="4" width="6" height="6" rx="1" />
      <rect x="14" y="4" width="6" height="6" rx="1" />
      <rect x="4" y="14" width="6" height="6" rx="1" />
      <rect x="14" y="14" width="6" height="6" rx="1" />
    </svg>
  );
}

export function ShortcutsButton({ pages }: { pages: readonly ShortcutPage[] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  return (
    <>
      <IconButton
        label={t('shortcuts.open')}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        <IconGrid />
      </IconButton>
      {used ? (
        <Suspense fallback={null}>
          <ShortcutsPanel open={open} onOpenChange={setOpen} pages={pages} />
        </Suspense>
      ) : null}
    </>
  );
}
