import { errorMessage } from '@crm/shared/api-client';
import { useState } from 'react';
import { useNavigate, useParams } from '@crm/shared/router';
import styled from 'styled-components';
import { Can } from '@crm/shared/abilities/react';
import { parseRouteId } from '@crm/shared/forms';
import type { DocumentFile } from '@crm/shared/schemas';
import { Button, Card, ErrorState, media, PageHeader, Spinner } from '@crm/shared/ui';
import { RichTextView } from '@crm/shared/editor/lazy';
import { useLiveDocuments } from '../../../hooks/use-live-documents';
import { useDeleteDocument } from '../api/delete-document';
import { useDocument } from '../api/get-document';
import { DOCUMENT_LIST_PATH, documentCloseTarget } from '../utils/document-close-target';
import { DocumentFileCard } from './document-file-card';
import { FilePreviewDialog } from './file-preview-dialog';

const Layout = styled.div`
  display: grid;
  gap: 1.5rem;
  ${media.up('md')} { grid-template-columns: minmax(0, 1fr) 20rem; align-items: start; }
`;

const Links = styled.ul`
  margin: 0;
  padding-inline-start: 1.25rem;
  display: grid;
  gap: 0.5rem;
  a { color: ${({ theme }) => theme.colors.primaryText}; word-break: break-all; }
`;

const Files = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  display: grid;
  gap: 1rem;
  ${media.up('sm')} { grid-template-columns: repeat(3, minmax(0, 1fr)); }
`;

/** `/document/:id-view` names the document as `<id>-view`. */
export function documentIdFromViewParam(param: string | undefined): number | null {
  const match = /^(\d+)-view$/.exec(param ?? '');
  return match ? parseRouteId(match[1]) : null;
}

/** /document/:id-view: the sanitised text, the links (new tab, no opener) and the files with preview. */
export function DocumentViewPage() {
  const navigate = useNavigate();
  const id = documentIdFromViewParam(useParams().idView);
  const { data, error, isLoading, mutate } = useDocument(id);
  useLiveDocuments(() => void mutate(), id === null ? [] : [id]);
  const [previewed, setPreviewed] = useState<DocumentFile | null>(null);
  const deleteDocument = useDeleteDocument();
  const document = data?.data;

  if (id === null || (error && error.status === 404)) {
    return (
      <Card>
        <ErrorState title="Документ не найден" message="Возможно, он удалён." />
      </Card>
    );
  }
  if (error) return <ErrorState title="Не удалось загрузить документ" message={errorMessage(error)} onRetry={() => void mutate()} />;
  if (isLoading || !document) return <Spinner label="Загрузка документа" />;

  return (
    <>
      <PageHeader
        title={document.title}
        actions={
          <>
            <Button variant="secondary" onClick={() => navigate(documentCloseTarget(document))}>
              Закрыть
            </Button>
            <Can I="delete" a="document">
              <Button
                variant="danger"
                onClick={async () => {
                  if (await deleteDocument(document)) navigate(DOCUMENT_LIST_PATH);
                }}
              >
                Удалить
              </Button>
            </Can>
            <Can I="create" a="document">
              <Button onClick={() => navigate(`/document/${document.id}/edit`)}>Редактировать</Button>
            </Can>
          </>
        }
      />
      <Layout>
        <div style={{ display: 'grid', gap: '1.5rem', minWidth: 0 }}>
          <Card>
            <RichTextView html={document.text} />
          </Card>
          <Card title="Файлы">
            {document.files.length === 0 ? <p>Файлов нет</p> : null}
            <Files aria-label="Файлы документа">
              {document.files.map((file) => (
                <DocumentFileCard key={file.id} file={file} onPreview={setPreviewed} />
              ))}
            </Files>
          </Card>
        </div>
        <Card title="Ссылки">
          {document.links.length === 0 ? <p>Ссылок нет</p> : null}
          <Links>
            {document.links.map((link, index) => (
              <li key={index}>
                <a href={link} target="_blank" rel="noopener noreferrer">
                  {link}
                </a>
              </li>
            ))}
          </Links>
        </Card>
      </Layout>
      <FilePreviewDialog file={previewed} onOpenChange={(open) => (open ? undefined : setPreviewed(null))} />
    </>
  );
}
