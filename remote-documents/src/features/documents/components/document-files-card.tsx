import { useCallback, useEffect, useRef, useState, type DragEvent } from 'react';
import styled from 'styled-components';
import { ABORTED_CODE, ApiError, errorMessage, usePendingDeletes } from '@crm/shared/api-client';
import type { DocumentFile } from '@crm/shared/schemas';
import { Button, Card, media, useConfirm, useToast, useUndoableDelete } from '@crm/shared/ui';
import { addDocumentMedia } from '../api/add-document-media';
import { pendingFileKey, removeDocumentMedia } from '../api/remove-document-media';
import { DocumentFileCard } from './document-file-card';
import { FilePreviewDialog } from './file-preview-dialog';
import { UploadProgressCard } from './upload-progress-card';

export interface DocumentFilesCardProps {
  documentId: number;
  files: readonly DocumentFile[];
  /** With `edit document`: the drop zone, the file picker and delete buttons. */
  canEdit: boolean;
  /** Told after each upload and deletion, to refresh what shows the document. */
  onChange?: () => void;
}

interface Upload {
  key: number;
  file: File;
  progress: number | null;
  controller: AbortController;
}

/** The spec's sm breakpoint: 3 cards per row from 600 px. */
const Grid = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  display: grid;
  gap: 1rem;
  grid-template-columns: minmax(0, 1fr);
  ${media.up('sm')} { grid-template-columns: repeat(3, minmax(0, 1fr)); }
`;

const DropZone = styled.div<{ $active: boolean }>`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: center;
  gap: 0.75rem;
  margin-bottom: 1rem;
  padding: 1.25rem;
  border: 2px dashed ${({ theme, $active }) => ($active ? theme.colors.primary : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radius.md};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Empty = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/**
 * The card 'Файлы' of the edit form: files dropped or picked upload one at a time, each with its own
 * progress bar and cancel; cards show preview, name, size, download, eye and delete (after a question naming the
 * file, leaving the list at once; the request waits 10 s for 'Отменить').
 */
export function DocumentFilesCard({ documentId, files: initial, canEdit, onChange }: DocumentFilesCardProps) {
  const [files, setFiles] = useState<DocumentFile[]>(() => [...initial]);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [dragging, setDragging] = useState(false);
  const [previewed, setPreviewed] = useState<DocumentFile | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const nextKey = useRef(0);
  const running = useRef<number | null>(null);
  const started = useRef(new Set<number>());
  const confirm = useConfirm();
  const toast = useToast();
  const undoableDelete = useUndoableDelete();

  useEffect(() => setFiles([...initial]), [initial]);

  const enqueue = useCallback((picked: FileList | File[]) => {
    const added = Array.from(picked).map((file) => ({ key: (nextKey.current += 1), file, progress: null, controller: new AbortController() }));
    if (added.length > 0) setUploads((current) => [...current, ...added]);
  }, []);

  // One upload at a time, in the order chosen. A key is started once: a render that still holds a finished
  // upload (a synchronous SWR update can render before the removal below) must not send it again.
  useEffect(() => {
    if (running.current !== null) return;
    const next = uploads.find((upload) => !started.current.has(upload.key));
    if (!next) return;
    started.current.add(next.key);
    running.current = next.key;
    const setProgress = (progress: number) =>
      setUploads((current) => current.map((upload) => (upload.key === next.key ? { ...upload, progress } : upload)));
    setProgress(0);
    addDocumentMedia(documentId, next.file, { onProgress: setProgress, signal: next.controller.signal })
      .then((added) => {
        setFiles((current) => (current.some((file) => file.id === added.id) ? current : [...current, added]));
        onChange?.();
      })
      .catch((error: unknown) => {
        if (error instanceof ApiError && error.code === ABORTED_CODE) return;
        toast.error(`${next.file.name}: ${errorMessage(error)}`);
      })
      .finally(() => {
        running.current = null;
        setUploads((current) => current.filter((upload) => upload.key !== next.key));
      });
  }, [uploads, documentId, onChange, toast]);

  const cancel = (upload: Upload) => {
    upload.controller.abort();
    if (running.current !== upload.key) {
      started.current.add(upload.key);
      setUploads((current) => current.filter((u) => u.key !== upload.key));
    }
  };

  const remove = async (file: DocumentFile) => {
    if (!(await confirm(`Удалить файл «${file.file_name}»?`, { confirmLabel: 'Удалить', cancelLabel: 'Отмена' }))) return;
    undoableDelete({
      key: pendingFileKey(file.id),
      name: file.file_name,
      message: `Файл «${file.file_name}» удалён`,
      send: ({ keepalive }) => removeDocumentMedia(file.id, { keepalive }),
      onSettled: (outcome) => {
        if (outcome === 'deleted') setFiles((current) => current.filter((f) => f.id !== file.id));
        onChange?.();
      },
    });
  };
  // A file whose delete waits for 'Отменить' stays hidden (docs/decisions/064).
  const pending = usePendingDeletes();
  const shownFiles = files.filter((file) => !pending.has(pendingFileKey(file.id)));

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (canEdit) enqueue(event.dataTransfer.files);
  };

  return (
    <Card title="Файлы">
      {canEdit ? (
        <DropZone
          $active={dragging}
          data-testid="file-drop-zone"
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
        >
          <span>Перетащите файлы сюда или</span>
          <Button variant="secondary" onClick={() => input.current?.click()}>
            Выбрать файлы
          </Button>
          <input
            ref={input}
            type="file"
            multiple
            hidden
            aria-label="Выбрать файлы"
            onChange={(event) => {
              if (event.target.files) enqueue(event.target.files);
              event.target.value = '';
            }}
          />
        </DropZone>
      ) : null}
      {shownFiles.length === 0 && uploads.length === 0 ? <Empty>Файлов нет</Empty> : null}
      <Grid aria-label="Файлы документа">
        {shownFiles.map((file) => (
          <DocumentFileCard key={file.id} file={file} onPreview={setPreviewed} onDelete={canEdit ? (f) => void remove(f) : undefined} />
        ))}
        {uploads.map((upload) => (
          <UploadProgressCard key={upload.key} name={upload.file.name} size={upload.file.size} progress={upload.progress} onCancel={() => cancel(upload)} />
        ))}
      </Grid>
      <FilePreviewDialog file={previewed} onOpenChange={(open) => (open ? undefined : setPreviewed(null))} />
    </Card>
  );
}
