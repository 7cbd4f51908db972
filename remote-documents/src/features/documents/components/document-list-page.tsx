import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from '@crm/shared/router';
import styled from 'styled-components';
import { Can, useAbility } from '@crm/shared/abilities/react';
import { errorMessage, usePendingDeletes } from '@crm/shared/api-client';
import { useListQuery } from '@crm/shared/lists';
import { parseRouteId } from '@crm/shared/forms';
import type { DocumentListItem } from '@crm/shared/schemas';
import { miniListDocumentsQuerySchema } from '@crm/shared/schemas/mini';
import {
  Button,
  Card,
  DataTable,
  ErrorState,
  formatDateTime,
  IconButton,
  IconPlus,
  IconTrash,
  media,
  PageHeader,
  TextField,
  type DataTableColumn,
} from '@crm/shared/ui';
import { pendingDocumentKey, useDeleteDocument } from '../api/delete-document';
import type { DocumentCategory } from '@crm/shared/schemas';
import { useLiveDocuments } from '../../../hooks/use-live-documents';
import { useDocuments } from '../api/get-documents';
import { DocumentCategorySidebar } from './document-category-sidebar';
import { HighlightedText } from './highlighted-text';

export interface DocumentListPageProps {
  categories: readonly DocumentCategory[] | undefined;
  categoriesLoading?: boolean;
}

const SEARCH_DELAY_MS = 300;

const Layout = styled.div`
  display: grid;
  gap: 1.5rem;
  ${media.up('md')} { grid-template-columns: 16rem minmax(0, 1fr); align-items: start; }
`;

// At least a window high: the shell's footer then starts below the first screen, instead of sitting at the window's
// bottom until the list's rows push it out (a layout shift; docs/decisions/080).
const Body = styled.div`
  min-height: 100vh;
`;

// Below md the categories stand above the list and grow when their answer arrives: there the list waits for them, and is
// drawn once below their final height instead of moving down (the phone's CLS 0.160; docs/decisions/080).
const ListPlace = styled.div<{ $held: boolean }>`
  min-width: 0;
  ${media.down('md')} { ${({ $held }) => ($held ? 'display: none;' : '')} }
`;

const Toolbar = styled.div`
  padding: 1rem 1.25rem 0;
  max-width: 28rem;
`;

const Title = styled(Link)`
  font-weight: 600;
  color: ${({ theme }) => theme.colors.primaryText};
  text-decoration: none;
  &:hover { text-decoration: underline; }
`;

const Excerpt = styled.p`
  margin: 0.25rem 0 0;
  font-size: ${({ theme }) => theme.font.sizeSm};
  color: ${({ theme }) => theme.colors.textMuted};
`;


const columns: DataTableColumn<DocumentListItem>[] = [
  {
    key: 'title',
    header: 'Документ',
    sortable: true,
    render: (row) => (
      <div>
        <Title to={`/document/${row.id}-view`}>{row.title}</Title>
        <Excerpt data-testid="document-excerpt">{row.highlight ? <HighlightedText parts={row.highlight} /> : row.excerpt}</Excerpt>
      </div>
    ),
  },
  { key: 'category', header: 'Категория', render: (row) => row.category.title },
  { key: 'files_count', header: 'Файлы', align: 'end', width: 80 },
  { key: 'updated_at', header: 'Изменён', sortable: true, width: 180, render: (row) => formatDateTime(row.updated_at, 'ru') },
];

/**
 * /document/list and /document/list/:id (`:id` is a category): the categories with counts, full-text search with
 * highlighted fragments, and a paged list. The URL holds the category, search, page, size and sort.
 */
export function DocumentListPage({ categories, categoriesLoading }: DocumentListPageProps) {
  const navigate = useNavigate();
  const categoryId = parseRouteId(useParams().id) ?? undefined;
  const { query, update, tableProps } = useListQuery(miniListDocumentsQuerySchema);
  const [search, setSearch] = useState(query.search ?? '');
  useEffect(() => setSearch(query.search ?? ''), [query.search]);
  useEffect(() => {
    if (search === (query.search ?? '')) return undefined;
    const timer = setTimeout(() => update({ search: search.trim() || undefined }, { replace: true }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search, query.search, update]);

  const { data, error, isLoading, mutate } = useDocuments({ ...query, category_id: categoryId });
  useLiveDocuments(() => void mutate());
  const canDelete = useAbility().can('delete', 'document');
  const deleteDocument = useDeleteDocument();
  const shownColumns = useMemo<DataTableColumn<DocumentListItem>[]>(
    () =>
      canDelete
        ? [
            ...columns,
            {
              key: 'actions',
              header: 'Действия',
              align: 'end',
              width: 96,
              render: (row) => (
                <IconButton label={`Удалить документ ${row.title}`} size="sm" color="error" onClick={() => void deleteDocument(row)}>
                  <IconTrash size={18} />
                </IconButton>
              ),
            },
          ]
        : columns,
    [canDelete, deleteDocument],
  );
  // A document whose delete waits for 'Отменить' stays hidden, whatever a refetch answers (docs/decisions/064).
  const pending = usePendingDeletes();
  const rows = (data?.data ?? []).filter((row) => !pending.has(pendingDocumentKey(row.id)));
  const category = categories?.find((c) => c.id === categoryId);

  return (
    <>
      <PageHeader
        title="Документы"
        subtitle={category?.title}
        actions={
          <Can I="create" a="document">
            <Button onClick={() => navigate('/document/create')} startIcon={<IconPlus />}>
              Добавить документ
            </Button>
          </Can>
        }
      />
      <Body>
        <Layout>
          <DocumentCategorySidebar categories={categories} loading={categoriesLoading} search={query.search ?? ''} />
          <ListPlace $held={Boolean(categoriesLoading)}>
            <Card flush>
              <Toolbar>
                <TextField
                  label="Поиск"
                  type="search"
                  name="search"
                  value={search}
                  onChange={(event) => setSearch(event.target.value)}
                  placeholder="Название, текст или имя файла"
                />
              </Toolbar>
              {error ? (
                <ErrorState title="Не удалось загрузить документы" message={errorMessage(error)} onRetry={() => void mutate()} />
              ) : (
                <DataTable aria-label="Документы" columns={shownColumns} rows={rows} rowKey="id" loading={isLoading} {...tableProps(data?.meta)} />
              )}
            </Card>
          </ListPlace>
        </Layout>
      </Body>
    </>
  );
}
