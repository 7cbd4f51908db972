import styled from 'styled-components';
import { IconChevronLeft, IconChevronRight } from '../icons/icons';
import { alpha } from '../tokens/alpha';
import { withThemeFallback } from '../theme/with-theme-fallback';
import { useUiText } from '../i18n/ui-i18n';

export interface PaginationProps {
  page: number;
  lastPage: number;
  onPageChange: (page: number) => void;
  disabled?: boolean;
}

const Nav = styled.nav`
  display: flex;
  align-items: center;
  gap: 0.25rem;
`;

const PageButton = styled.button<{ $current?: boolean }>`
  display: inline-grid;
  place-items: center;
  min-width: 2.125rem;
  height: 2.125rem;
  padding: 0 0.5rem;
  border: 0;
  border-radius: ${({ theme }) => theme.radius.md};
  font-size: ${({ theme }) => theme.font.sizeSm};
  cursor: pointer;
  color: ${({ theme, $current }) => ($current ? theme.colors.onPrimary : theme.colors.textMuted)};
  background: ${({ theme, $current }) => ($current ? theme.colors.primaryFill : theme.colors.hover)};
  box-shadow: ${({ theme, $current }) => ($current ? `0 2px 6px ${alpha(theme.colors.primary, 0.3)}` : 'none')};
  transition: background ${({ theme }) => theme.transition};
  &:hover:not(:disabled) {
    background: ${({ theme, $current }) => ($current ? theme.colors.primary : alpha(theme.colors.primary, 0.16))};
    color: ${({ theme, $current }) => ($current ? theme.colors.onPrimary : theme.colors.primaryText)};
  }
  &:disabled { opacity: 0.45; cursor: not-allowed; }
  [dir='rtl'] & > svg { transform: scaleX(-1); }
`;

const Gap = styled.span`
  min-width: 1.5rem;
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** Page numbers to show: first, last and the current page's neighbours, with gaps as null. */
export function pageWindow(page: number, lastPage: number): (number | null)[] {
  if (lastPage <= 7) return Array.from({ length: lastPage }, (_, i) => i + 1);
  const pages = new Set([1, lastPage, page - 1, page, page + 1].filter((p) => p >= 1 && p <= lastPage));
  if (page <= 3) [2, 3, 4].forEach((p) => pages.add(p));
  if (page >= lastPage - 2) [lastPage - 3, lastPage - 2, lastPage - 1].forEach((p) => pages.add(p));
  const sorted = [...pages].sort((a, b) => a - b);
  return sorted.flatMap((p, i) => (i > 0 && p - sorted[i - 1] > 1 ? [null, p] : [p]));
}

function PaginationView({ page, lastPage, onPageChange, disabled }: PaginationProps) {
  const last = Math.max(1, lastPage);
  const t = useUiText();
  return (
    <Nav aria-label={t('pagination.label')}>
      <PageButton type="button" aria-label={t('pagination.previous')} disabled={disabled || page <= 1} onClick={() => onPageChange(page - 1)}>
        <IconChevronLeft size={18} />
      </PageButton>
      {pageWindow(page, last).map((p, i) =>
        p === null ? (
          <Gap key={`gap-${i}`} aria-hidden>
            …
          </Gap>
        ) : (
          <PageButton
            key={p}
            type="button"
            $current={p === page}
            aria-current={p === page ? 'page' : undefined}
            aria-label={t('pagination.page', { page: p })}
            disabled={disabled}
            onClick={() => p !== page && onPageChange(p)}
          >
            {p}
          </PageButton>
        ),
      )}
      <PageButton type="button" aria-label={t('pagination.next')} disabled={disabled || page >= last} onClick={() => onPageChange(page + 1)}>
        <IconChevronRight size={18} />
      </PageButton>
    </Nav>
  );
}

/** Tonal page buttons with previous/next (the spec's "pagination tonal"). */
export const Pagination = withThemeFallback(PaginationView, 'Pagination');
