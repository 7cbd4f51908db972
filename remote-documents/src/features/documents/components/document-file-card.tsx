import styled from 'styled-components';
import type { DocumentFile } from '@crm/shared/schemas';
import { IconButton, IconEye, IconTrash } from '@crm/shared/ui';
import { formatSize } from '../utils/format-size';
import { FileTypeIcon } from './file-type-icon';

export interface DocumentFileCardProps {
  file: DocumentFile;
  onPreview: (file: DocumentFile) => void;
  /** Absent without `edit document`: no delete button. */
  onDelete?: (file: DocumentFile) => void;
}

export const FileCardRoot = styled.li`
  display: flex;
  flex-direction: column;
  min-width: 0;
  overflow: hidden;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surface};
`;

const Thumb = styled.div`
  height: 8rem;
  display: grid;
  place-items: center;
  overflow: hidden;
  background: ${({ theme }) => theme.colors.hover};
  img { width: 100%; height: 100%; object-fit: cover; }
`;

export const FileCardBody = styled.div`
  display: grid;
  gap: 0.25rem;
  padding: 0.75rem;
`;

export const FileName = styled.span`
  font-weight: 600;
  overflow: hidden;
  white-space: nowrap;
  text-overflow: ellipsis;
`;

const Meta = styled.div`
  display: flex;
  align-items: center;
  gap: 0.5rem;
  font-size: ${({ theme }) => theme.font.sizeSm};
  color: ${({ theme }) => theme.colors.textMuted};
  a { color: ${({ theme }) => theme.colors.primaryText}; }
`;

const Actions = styled.div`
  margin-inline-start: auto;
  display: flex;
  gap: 0.25rem;
`;

/** One attached file: preview, name, size, download link, eye button, delete (with the edit ability). */
export function DocumentFileCard({ file, onPreview, onDelete }: DocumentFileCardProps) {
  return (
    <FileCardRoot aria-label={file.file_name}>
      <Thumb>{file.preview ? <img src={file.preview} alt="" loading="lazy" /> : <FileTypeIcon url={file.url} />}</Thumb>
      <FileCardBody>
        <FileName title={file.file_name}>{file.file_name}</FileName>
        <Meta>
          <span>{formatSize(file.size)}</span>
          <a href={file.url} download={file.file_name}>
            Скачать
          </a>
          <Actions>
            <IconButton label={`Просмотр ${file.file_name}`} size="sm" onClick={() => onPreview(file)}>
              <IconEye />
            </IconButton>
            {onDelete ? (
              <IconButton label={`Удалить ${file.file_name}`} size="sm" color="error" onClick={() => onDelete(file)}>
                <IconTrash />
              </IconButton>
            ) : null}
          </Actions>
        </Meta>
      </FileCardBody>
    </FileCardRoot>
  );
}
