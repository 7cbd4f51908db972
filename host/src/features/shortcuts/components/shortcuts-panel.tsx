import { Button, Dialog, ErrorState, Spinner } from '@crm/shared/ui';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '@crm/shared/router';
import styled from 'styled-components';
import { getShortcuts, saveShortcuts } from '../api/shortcuts';

export interface ShortcutPage {
  key: string;
  to: string;
  label: string;
}

export interface ShortcutsPanelProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The pages the user may open; only these can be pinned. */
  pages: readonly ShortcutPage[];
}

const Grid = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(9rem, 1fr));
  gap: 0.75rem;
  margin: 0;
  padding: 0;
  list-style: none;
  a {
    display: grid;
    place-items: center;
    min-height: 4.5rem;
    padding: 0.75rem;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius.md};
    color: ${({ theme }) => theme.colors.text};
    text-align: center;
    text-decoration: none;
    &:hover, &:focus-visible { background: ${({ theme }) => theme.colors.hover}; }
  }
`;

const Choices = styled.fieldset`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(12rem, 1fr));
  gap: 0.5rem;
  margin: 0;
  padding: 0;
  border: 0;
  label { display: flex; gap: 0.5rem; align-items: center; cursor: pointer; }
`;

const Note = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** The user's favourite pages as a grid, and an edit mode to choose them (stored on the server, decision 041). */
export function ShortcutsPanel({ open, onOpenChange, pages }: ShortcutsPanelProps) {
  const { t } = useTranslation();
  const [pinned, setPinned] = useState<string[] | null>(null);
  const [error, setError] = useState(false);
  const [editing, setEditing] = useState<string[] | null>(null);
  const [saving, setSaving] = useState(false);

  const load = () => {
    setError(false);
    getShortcuts()
      .then(setPinned)
      .catch(() => setError(true));
  };
  useEffect(() => {
    if (open) load();
    else setEditing(null);
  }, [open]);

  const shown = (pinned ?? []).map((key) => pages.find((p) => p.key === key)).filter((p): p is ShortcutPage => p !== undefined);

  const save = async () => {
    if (!editing) return;
    setSaving(true);
    try {
      // Kept in the order of the page list.
      setPinned(await saveShortcuts(pages.map((p) => p.key).filter((key) => editing.includes(key))));
      setEditing(null);
    } catch {
      setError(true);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('shortcuts.title')}
      maxWidth={640}
      footer={
        pinned === null ? undefined : editing ? (
          <>
            <Button variant="text" onClick={() => setEditing(null)}>
              {t('shortcuts.cancel')}
            </Button>
            <Button onClick={() => void save()} loading={saving}>
              {t('shortcuts.save')}
            </Button>
          </>
        ) : (
          <Button variant="secondary" onClick={() => setEditing(shown.map((p) => p.key))}>
            {t('shortcuts.edit')}
          </Button>
        )
      }
    >
      {error ? (
        <ErrorState title={t('shortcuts.loadFailed')} onRetry={load} />
      ) : pinned === null ? (
        <Spinner />
      ) : editing ? (
        <Choices>
          <legend>{t('shortcuts.choose')}</legend>
          {pages.map((page) => (
            <label key={page.key}>
              <input
                type="checkbox"
                checked={editing.includes(page.key)}
                onChange={(event) =>
                  setEditing(event.target.checked ? [...editing, page.key] : editing.filter((key) => key !== page.key))
                }
              />
              {page.label}
            </label>
          ))}
        </Choices>
      ) : shown.length === 0 ? (
        <Note>{t('shortcuts.empty')}</Note>
      ) : (
        <Grid aria-label={t('shortcuts.title')}>
          {shown.map((page) => (
            <li key={page.key}>
              <Link to={page.to} onClick={() => onOpenChange(false)}>
                {page.label}
              </Link>
            </li>
          ))}
        </Grid>
      )}
    </Dialog>
  );
}
