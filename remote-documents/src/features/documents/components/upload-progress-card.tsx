import styled from 'styled-components';
import { IconButton, IconX } from '@crm/shared/ui';
import { formatSize } from '../utils/format-size';
import { FileCardBody, FileCardRoot, FileName } from './document-file-card';

/** Progress bars are 12 high. */
export const PROGRESS_BAR_HEIGHT = 12;

export interface UploadProgressCardProps {
  name: string;
  size: number;
  /** 0 to 1; null while the file waits for the one before it. */
  progress: number | null;
  onCancel: () => void;
}

const Track = styled.div`
  height: ${PROGRESS_BAR_HEIGHT}px;
  border-radius: ${PROGRESS_BAR_HEIGHT / 2}px;
  overflow: hidden;
  background: ${({ theme }) => theme.colors.hover};
`;

const Fill = styled.div`
  height: 100%;
  background: ${({ theme }) => theme.colors.primary};
  transition: width 120ms linear;
`;

const Row = styled.div`
  display: flex;
  align-items: center;
  gap: 0.5rem;
  font-size: ${({ theme }) => theme.font.sizeSm};
  color: ${({ theme }) => theme.colors.textMuted};
  > :last-child { margin-inline-start: auto; }
`;

/** A file on its way up: its own progress bar and a cancel button. */
export function UploadProgressCard({ name, size, progress, onCancel }: UploadProgressCardProps) {
  const percent = progress === null ? 0 : Math.round(progress * 100);
  return (
    <FileCardRoot aria-label={`Загрузка ${name}`}>
      <FileCardBody>
        <FileName title={name}>{name}</FileName>
        <Track role="progressbar" aria-label={`Загрузка ${name}`} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
          <Fill style={{ width: `${percent}%` }} />
        </Track>
        <Row>
          <span>{progress === null ? 'В очереди' : `${percent}%`}</span>
          <span>{formatSize(size)}</span>
          <IconButton label={`Отменить загрузку ${name}`} size="sm" onClick={onCancel}>
            <IconX />
          </IconButton>
        </Row>
      </FileCardBody>
    </FileCardRoot>
  );
}
