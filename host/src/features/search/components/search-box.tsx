import { IconSearch } from '@crm/shared/ui';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { SearchPage } from '../utils/search-page';

// The dialog, its results and the API call load on first use, never with the page (first-load budget).
const SearchDialog = lazy(() => import('./search-dialog').then((m) => ({ default: m.SearchDialog })));

export interface SearchBoxProps {
  userId: number;
  pages: readonly SearchPage[];
  onNavigate: (to: string) => void;
}

const Trigger = styled.button`
  display: inline-flex;
  align-items: center;
  gap: 0.5rem;
  min-width: 0;
  padding: 0.375rem 0.75rem;
  border: 0;
  border-radius: ${({ theme }) => theme.radius.md};
  background: transparent;
  color: ${({ theme }) => theme.colors.textMuted};
  font: inherit;
  cursor: pointer;
  &:hover { background: ${({ theme }) => theme.colors.hover}; }
  kbd {
    padding: 0 0.375rem;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: 4px;
    font-size: ${({ theme }) => theme.font.sizeSm};
    font-family: inherit;
    &::after { content: attr(data-keys); }
  }
  @media (max-width: 599.98px) {
    span, kbd { display: none; }
  }
`;

const isMac = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

/** The top bar's search box: a button (and Ctrl+K / ⌘K anywhere) opening the search dialog. */
export function SearchBox({ userId, pages, onNavigate }: SearchBoxProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so closing keeps the dialog's chunk and state.
  const [used, setUsed] = useState(false);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        setUsed(true);
        setOpen(true);
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <>
      <Trigger
        type="button"
        aria-label={t('search.open')}
        aria-keyshortcuts="Control+K Meta+K"
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        <IconSearch size={22} />
        <span>{t('search.trigger')}</span>
        {/* Drawn by CSS: the name already says "(Ctrl+K)", and axe wants the visible text inside the name. */}
        <kbd data-keys={isMac() ? '⌘K' : 'Ctrl+K'} />
      </Trigger>
      {used ? (
        <Suspense fallback={null}>
          <SearchDialog open={open} onOpenChange={setOpen} userId={userId} pages={pages} onNavigate={onNavigate} />
        </Suspense>
      ) : null}
    </>
  );
}
