import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { IconSettings } from './icons';

// The panel and its colour picker load on the first open: nothing of them is in the first-load JS.
const CustomizerPanel = lazy(() => import(/* webpackChunkName: "customizer" */ './customizer-panel'));

const Gear = styled.button`
  position: fixed;
  inset-inline-end: 0;
  top: 50%;
  z-index: 30;
  display: grid;
  place-items: center;
  width: 2.375rem;
  height: 2.375rem;
  padding: 0;
  border: 0;
  border-start-start-radius: ${({ theme }) => theme.radius.md};
  border-end-start-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.primaryFill};
  color: ${({ theme }) => theme.colors.onPrimary};
  box-shadow: ${({ theme }) => theme.shadows.md};
  cursor: pointer;
  svg { animation: crm-customizer-spin 6s linear infinite; }
  @keyframes crm-customizer-spin { to { transform: rotate(360deg); } }
`;

/** A gear on the edge of the screen that opens the layout customizer (the spec's layout configuration). */
export function Customizer() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  return (
    <>
      <Gear
        type="button"
        aria-label={t('customizer.open')}
        title={t('customizer.open')}
        aria-expanded={open}
        aria-controls={open ? 'customizer' : undefined}
        onClick={() => {
          setLoaded(true);
          setOpen((o) => !o);
        }}
      >
        <IconSettings size={22} />
      </Gear>
      {loaded ? (
        <Suspense fallback={null}>
          <CustomizerPanel open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
