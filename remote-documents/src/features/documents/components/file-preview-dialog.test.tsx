import { screen } from '@testing-library/react';
import type { DocumentFile } from '@crm/shared/schemas';
import { renderRoutes } from '@crm/shared/testing';
import { FilePreviewDialog, OFFICE_VIEWER_NOTE, UNSUPPORTED_PREVIEW } from './file-preview-dialog';

const file = (name: string): DocumentFile => ({
  id: 1,
  file_name: name,
  size: 10,
  mime: 'application/octet-stream',
  preview: null,
  url: `/api/files/0123/${encodeURIComponent(name)}?type=x&expires=1&signature=abc`,
});

const show = (name: string) => renderRoutes([{ path: '/', element: <FilePreviewDialog file={file(name)} onOpenChange={() => undefined} /> }], '/');

describe('FilePreviewDialog', () => {
  it('shows an image inline', async () => {
    show('фото.JPG');
    expect(await screen.findByRole('img', { name: 'фото.JPG' })).toHaveAttribute('src', file('фото.JPG').url);
  });

  it('shows a PDF on its signed URL in a frame 800 high', async () => {
    show('отчёт.pdf');
    const frame = await screen.findByTitle('отчёт.pdf');
    expect(frame).toHaveAttribute('src', file('отчёт.pdf').url);
    expect(frame).toHaveAttribute('height', '800');
  });

  it('shows Office files through the online viewer, noting that it needs a server reachable from the internet', async () => {
    show('план.docx');
    const frame = await screen.findByTitle('план.docx');
    expect(frame.getAttribute('src')).toBe(
      `https://view.officeapps.live.com/op/embed.aspx?src=${encodeURIComponent(`http://localhost${file('план.docx').url}`)}`,
    );
    expect(frame).toHaveAttribute('height', '800');
    expect(screen.getByRole('note')).toHaveTextContent(OFFICE_VIEWER_NOTE);
  });

  it("says any other type cannot be previewed", async () => {
    show('архив.zip');
    expect(await screen.findByText(UNSUPPORTED_PREVIEW)).toBeInTheDocument();
    expect(UNSUPPORTED_PREVIEW).toBe('Тип файла не поддерживается для предпросмотра');
  });
});
