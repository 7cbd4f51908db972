import { NavLink } from '@crm/shared/router';
import styled from 'styled-components';
import type { DocumentCategory } from '@crm/shared/schemas';
import { Card, Spinner, uiText } from '@crm/shared/ui';
import { DOCUMENT_LIST_PATH } from '../utils/document-close-target';

export interface DocumentCategorySidebarProps {
  categories: readonly DocumentCategory[] | undefined;
  loading?: boolean;
  /** Appended to each link so the search survives a change of category. */
  search: string;
}

const List = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  display: grid;
  gap: 0.125rem;
`;

const Item = styled(NavLink)`
  display: flex;
  justify-content: space-between;
  gap: 0.75rem;
  padding: 0.5rem 0.75rem;
  border-radius: ${({ theme }) => theme.radius.md};
  color: ${({ theme }) => theme.colors.text};
  text-decoration: none;
  &:hover { background: ${({ theme }) => theme.colors.hover}; }
  &.active { color: ${({ theme }) => theme.colors.onPrimary}; background: ${({ theme }) => theme.colors.primaryFill}; }
`;

// Where the categories come, an item high, while they load: "Все документы" above it never moves.
const Loading = styled.li`
  display: flex;
  align-items: center;
  min-height: 2.5rem;
  padding: 0 0.75rem;
`;

const Count = styled.span`
  font-variant-numeric: tabular-nums;
  opacity: 0.8;
`;

/** The categories with their document counts; the list's URL names the chosen one (/document/list/:id). */
export function DocumentCategorySidebar({ categories, loading, search }: DocumentCategorySidebarProps) {
  const total = (categories ?? []).reduce((sum, category) => sum + category.documents_count, 0);
  const suffix = search ? `?search=${encodeURIComponent(search)}` : '';
  return (
    <Card title="Категории">
      <nav aria-label="Категории документов">
        <List>
          <li>
            <Item to={`${DOCUMENT_LIST_PATH}${suffix}`} end>
              <span>Все документы</span>
              <Count>{total}</Count>
            </Item>
          </li>
          {loading ? (
            <Loading>
              <Spinner size={20} label="Загрузка категорий" />
            </Loading>
          ) : null}
          {(categories ?? []).map((category) => (
            <li key={category.id}>
              <Item to={`${DOCUMENT_LIST_PATH}/${category.id}${suffix}`}>
                <span>{category.title}</span>
                <Count aria-label={uiText('ru')('counts.documents', { count: category.documents_count })}>{category.documents_count}</Count>
              </Item>
            </li>
          ))}
        </List>
      </nav>
    </Card>
  );
}
