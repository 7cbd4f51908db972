import { Dialog, IconSearch, Spinner } from '@crm/shared/ui';
import type { SearchResults } from '@crm/shared/schemas';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { searchAll } from '../api/search';
import { clearRecentSearches, readRecentSearches, rememberSearch } from '../utils/recent-searches';
import type { SearchPage } from '../utils/search-page';

/** Wait this long after the last key before asking the server. */
export const SEARCH_DEBOUNCE_MS = 250;

export interface SearchDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  userId: number;
  /** The pages the user may open (already filtered by abilities). */
  pages: readonly SearchPage[];
  /** Follows a result (a path relative to the app root). */
  onNavigate: (to: string) => void;
}

interface Option {
  id: string;
  group: 'pages' | 'leads' | 'documents' | 'users' | 'recent';
  label: string;
  detail?: string;
  /** Where Enter goes; a recent search fills the box instead. */
  to?: string;
  query?: string;
}

const Box = styled.div`
  display: flex;
  align-items: center;
  gap: 0.5rem;
  padding: 0 0.75rem;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  &:focus-within { border-color: ${({ theme }) => theme.colors.primary}; }
  input {
    flex: 1;
    min-width: 0;
    padding: 0.625rem 0;
    border: 0;
    outline: none;
    background: transparent;
    color: inherit;
    font: inherit;
  }
`;

const List = styled.div`
  max-height: min(60vh, 28rem);
  overflow: auto;
  margin-top: 0.75rem;
`;

const GroupLabel = styled.div`
  padding: 0.5rem 0.5rem 0.25rem;
  font-size: ${({ theme }) => theme.font.sizeSm};
  font-weight: 600;
  text-transform: uppercase;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Item = styled.div`
  display: flex;
  justify-content: space-between;
  gap: 1rem;
  padding: 0.5rem 0.75rem;
  border-radius: ${({ theme }) => theme.radius.md};
  cursor: pointer;
  &[aria-selected='true'] {
    background: ${({ theme }) => theme.colors.primaryFill};
    color: ${({ theme }) => theme.colors.onPrimary};
  }
  span:last-child { opacity: 0.75; white-space: nowrap; }
`;

const Note = styled.p`
  margin: 1rem 0.5rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const ClearButton = styled.button`
  float: inline-end;
  border: 0;
  background: none;
  color: ${({ theme }) => theme.colors.primaryText};
  cursor: pointer;
  font: inherit;
  font-size: ${({ theme }) => theme.font.sizeSm};
`;

/** Pages whose name, in any of `names`' languages, contains every typed word. */
function matchPages(pages: readonly SearchPage[], query: string, names: (page: SearchPage) => string[]): SearchPage[] {
  const words = query.toLocaleLowerCase().split(/\s+/).filter(Boolean);
  return pages.filter((page) =>
    [page.label, ...names(page)].some((name) => words.every((word) => name.toLocaleLowerCase().includes(word))),
  );
}

/**
 * The global search (decision 041): one box over leads, documents, users and pages, grouped; arrows move, Enter opens,
 * Esc closes. With an empty box it offers the user's recent searches.
 */
export function SearchDialog({ open, onOpenChange, userId, pages, onNavigate }: SearchDialogProps) {
  const { t, i18n } = useTranslation();
  const listId = useId();
  // Staff type a page's name in whichever language they think in: every locale is fetched once the dialog opens.
  const [loadedLanguages, setLoadedLanguages] = useState<readonly string[]>([]);
  const languages = useMemo(() => (i18n.options.supportedLngs || []).filter((lng) => lng !== 'cimode'), [i18n]);
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<SearchResults | null>(null);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const [active, setActive] = useState(0);
  const [recent, setRecent] = useState<string[]>(() => readRecentSearches(userId));
  const latest = useRef(0);
  const text = query.trim();

  useEffect(() => {
    if (!open) return;
    setRecent(readRecentSearches(userId));
  }, [open, userId]);

  useEffect(() => {
    if (!open) return;
    let current = true;
    i18n.loadLanguages(languages).then(
      () => current && setLoadedLanguages(languages.filter((lng) => i18n.hasResourceBundle(lng, 'translation'))),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [open, i18n, languages]);

  useEffect(() => {
    setActive(0);
    if (text === '') {
      setResults(null);
      setLoading(false);
      return;
    }
    const call = ++latest.current;
    setLoading(true);
    const timer = window.setTimeout(() => {
      searchAll(text)
        .then((answer) => {
          if (call !== latest.current) return;
          setResults(answer);
          setFailed(false);
        })
        .catch(() => {
          if (call === latest.current) setFailed(true);
        })
        .finally(() => {
          if (call === latest.current) setLoading(false);
        });
    }, SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text]);

  const groups = useMemo(() => {
    const out: { key: Option['group']; label: string; options: Option[] }[] = [];
    if (text === '') {
      if (recent.length > 0) {
        out.push({
          key: 'recent',
          label: t('search.recent'),
          options: recent.map((q, i) => ({ id: `recent-${i}`, group: 'recent', label: q, query: q })),
        });
      }
      return out;
    }
    const names = (page: SearchPage) =>
      page.labelKey ? loadedLanguages.map((lng) => i18n.getFixedT(lng)(page.labelKey ?? '')) : [];
    const pageHits = matchPages(pages, text, names);
    if (pageHits.length > 0) {
      out.push({ key: 'pages', label: t('search.pages'), options: pageHits.map((p) => ({ id: `page-${p.key}`, group: 'pages', label: p.label, to: p.to })) });
    }
    if (results?.leads?.length) {
      out.push({
        key: 'leads',
        label: t('search.leads'),
        options: results.leads.map((l) => ({ id: `lead-${l.id}`, group: 'leads', label: l.name || `#${l.id}`, detail: l.phone, to: `/leads/${l.id}` })),
      });
    }
    if (results?.documents?.length) {
      out.push({
        key: 'documents',
        label: t('search.documents'),
        options: results.documents.map((d) => ({ id: `document-${d.id}`, group: 'documents', label: d.title, detail: d.category, to: `/document/${d.id}-view` })),
      });
    }
    if (results?.users?.length) {
      out.push({
        key: 'users',
        label: t('search.users'),
        options: results.users.map((u) => ({ id: `user-${u.id}`, group: 'users', label: u.name, detail: u.email, to: '/apps/users' })),
      });
    }
    return out;
  }, [text, recent, pages, results, t, i18n, loadedLanguages]);

  const options = groups.flatMap((g) => g.options);
  const current = options[Math.min(active, options.length - 1)];

  const choose = (option: Option | undefined) => {
    if (!option) return;
    if (option.query !== undefined) {
      setQuery(option.query);
      return;
    }
    setRecent(rememberSearch(userId, text));
    onOpenChange(false);
    setQuery('');
    if (option.to) onNavigate(option.to);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (options.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (Math.min(i, options.length - 1) + step + options.length) % options.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      choose(current);
    }
  };

  const settled = !loading && results !== null;
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('search.title')} maxWidth={640}>
      <Box>
        <IconSearch size={20} />
        <input
          type="search"
          role="combobox"
          aria-label={t('search.label')}
          aria-expanded={options.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={current ? `${listId}-${current.id}` : undefined}
          placeholder={t('search.placeholder')}
          autoComplete="off"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={onKeyDown}
        />
        {loading ? <Spinner size={18} label={t('search.loading')} /> : null}
      </Box>
      <List id={listId} role="listbox" aria-label={t('search.results')}>
        {groups.map((group) => (
          <div key={group.key} role="group" aria-label={group.label}>
            <GroupLabel aria-hidden>
              {group.label}
              {group.key === 'recent' ? (
                <ClearButton
                  type="button"
                  tabIndex={-1}
                  onClick={() => {
                    clearRecentSearches(userId);
                    setRecent([]);
                  }}
                >
                  {t('search.clearRecent')}
                </ClearButton>
              ) : null}
            </GroupLabel>
            {group.options.map((option) => (
              <Item
                key={option.id}
                id={`${listId}-${option.id}`}
                role="option"
                aria-selected={option === current}
                onMouseDown={(event) => event.preventDefault()}
                onMouseEnter={() => setActive(options.indexOf(option))}
                onClick={() => choose(option)}
              >
                <span>{option.label}</span>
                {option.detail ? <span>{option.detail}</span> : null}
              </Item>
            ))}
          </div>
        ))}
      </List>
      {text === '' && recent.length === 0 ? <Note>{t('search.hint')}</Note> : null}
      {failed ? <Note role="alert">{t('search.failed')}</Note> : null}
      {text !== '' && settled && !failed && options.length === 0 ? <Note role="status">{t('search.empty', { query: text })}</Note> : null}
    </Dialog>
  );
}
