import styled from 'styled-components';
import type { DocumentFile } from '@crm/shared/schemas';
import { Dialog } from '@crm/shared/ui';
import { isPubliclyReachable, officeViewerUrl } from '../utils/office-viewer';
import { previewType } from '../utils/preview-type';

/** Preview dialog width 1200, frame height 800. */
export const PREVIEW_DIALOG_WIDTH = 1200;
export const PREVIEW_FRAME_HEIGHT = 800;
export const UNSUPPORTED_PREVIEW = 'Тип файла не поддерживается для предпросмотра';
export const OFFICE_VIEWER_NOTE =
  'Документы Office открываются во внешнем веб-просмотрщике: он работает, только если этот сервер доступен из интернета.';

export interface FilePreviewDialogProps {
  file: DocumentFile | null;
  onOpenChange: (open: boolean) => void;
}

const Image = styled.img`
  display: block;
  max-width: 100%;
  max-height: 80vh;
  margin: 0 auto;
`;

const Frame = styled.iframe`
  display: block;
  width: 100%;
  border: 0;
`;

const Note = styled.p`
  margin: 0.75rem 0 0;
  font-size: ${({ theme }) => theme.font.sizeSm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

/**
 * The preview dialog: images inline; PDF in the browser's own viewer on the signed URL; Office files through
 * the online viewer; anything else says it cannot be previewed. The type comes from the URL's extension.
 */
export function FilePreviewDialog({ file, onOpenChange }: FilePreviewDialogProps) {
  const type = file ? previewType(file.url) : 'unsupported';
  let body = null;
  if (file && type === 'image') body = <Image src={file.url} alt={file.file_name} />;
  else if (file && type === 'pdf') body = <Frame title={file.file_name} src={file.url} height={PREVIEW_FRAME_HEIGHT} />;
  else if (file && type === 'office') {
    body = (
      <>
        <Frame title={file.file_name} src={officeViewerUrl(file.url)} height={PREVIEW_FRAME_HEIGHT} />
        {isPubliclyReachable() ? null : <Note role="note">{OFFICE_VIEWER_NOTE}</Note>}
      </>
    );
  } else if (file) body = <p>{UNSUPPORTED_PREVIEW}</p>;
  return (
    <Dialog open={file !== null} onOpenChange={onOpenChange} title={file?.file_name ?? ''} maxWidth={PREVIEW_DIALOG_WIDTH}>
      {body}
    </Dialog>
  );
}
