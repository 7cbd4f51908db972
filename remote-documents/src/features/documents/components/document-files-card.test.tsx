import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DocumentFile } from '@crm/shared/schemas';
import { flushDeferredDeletes } from '@crm/shared/api-client';
import { mockFetch, renderRoutes, requestsTo } from '@crm/shared/testing';
import { DocumentFilesCard } from './document-files-card';
import { PROGRESS_BAR_HEIGHT } from './upload-progress-card';

/** An XMLHttpRequest the test drives: progress, answer or abort. */
class FakeXhr {
  static sent: FakeXhr[] = [];
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  responseText = '';
  url = '';
  body: FormData | null = null;
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader() {}
  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    act(() => this.upload.onprogress?.({ lengthComputable: true, loaded, total }));
  }
  answer(file: DocumentFile) {
    this.status = 201;
    this.responseText = JSON.stringify({ data: file });
    act(() => this.onload?.());
  }
}

const stored = (id: number, name: string): DocumentFile => ({ id, file_name: name, size: 2048, mime: 'application/pdf', preview: null, url: `/api/files/k${id}/${name}?s=1` });

beforeEach(() => {
  FakeXhr.sent = [];
  (window as unknown as { XMLHttpRequest: unknown }).XMLHttpRequest = FakeXhr;
});

describe('DocumentFilesCard', () => {
  it('uploads picked files one at a time, each with its own 12 px progress bar, and can cancel one', async () => {
    mockFetch({});
    renderRoutes([{ path: '/', element: <DocumentFilesCard documentId={7} files={[]} canEdit /> }], '/');
    const user = userEvent.setup();
    const files = ['a.pdf', 'b.pdf', 'c.pdf'].map((name) => new File(['%PDF-1.4'], name, { type: 'application/pdf' }));
    await user.upload(screen.getByLabelText('Выбрать файлы'), files);

    const bar = await screen.findByRole('progressbar', { name: 'Загрузка a.pdf' });
    expect(getComputedStyle(bar).height).toBe(`${PROGRESS_BAR_HEIGHT}px`);
    expect(FakeXhr.sent).toHaveLength(1);
    expect(FakeXhr.sent[0].url).toMatch(/\/api\/document\/add-media$/);
    expect(FakeXhr.sent[0].body?.get('document_id')).toBe('7');
    FakeXhr.sent[0].progress(50, 100);
    expect(bar).toHaveAttribute('aria-valuenow', '50');

    // The third waits; cancelling it drops it without a request.
    await user.click(screen.getByRole('button', { name: 'Отменить загрузку c.pdf' }));
    expect(screen.queryByRole('progressbar', { name: 'Загрузка c.pdf' })).not.toBeInTheDocument();

    FakeXhr.sent[0].answer(stored(1, 'a.pdf'));
    const list = screen.getByRole('list', { name: 'Файлы документа' });
    expect(await within(list).findByRole('listitem', { name: 'a.pdf' })).toBeInTheDocument();
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
    // Cancelling the running upload aborts its request.
    await user.click(screen.getByRole('button', { name: 'Отменить загрузку b.pdf' }));
    await waitFor(() => expect(screen.queryByRole('progressbar', { name: 'Загрузка b.pdf' })).not.toBeInTheDocument());
    expect(FakeXhr.sent).toHaveLength(2);
    expect(within(list).queryByRole('listitem', { name: 'b.pdf' })).not.toBeInTheDocument();
  });

  it('asks to delete the file by its name, hides it at once and sends the delete after the undo window', async () => {
    const fetch = mockFetch({ 'GET /api/document/remove-media/3': { body: { message: 'Файл удалён' } } });
    renderRoutes([{ path: '/', element: <DocumentFilesCard documentId={7} files={[stored(3, 'old.pdf')]} canEdit /> }], '/');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Удалить old.pdf' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Удалить файл «old.pdf»?' })).getByRole('button', { name: 'Удалить' }));
    expect(screen.queryByRole('listitem', { name: 'old.pdf' })).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Файл «old.pdf» удалён');
    expect(requestsTo(fetch, 'GET /api/document/remove-media/3')).toHaveLength(0);
    flushDeferredDeletes();
    await waitFor(() => expect(requestsTo(fetch, 'GET /api/document/remove-media/3')).toHaveLength(1));
    expect(screen.queryByRole('listitem', { name: 'old.pdf' })).not.toBeInTheDocument();
  });

  it('Отменить brings the file back', async () => {
    const fetch = mockFetch({ 'GET /api/document/remove-media/3': { body: { message: 'Файл удалён' } } });
    renderRoutes([{ path: '/', element: <DocumentFilesCard documentId={7} files={[stored(3, 'old.pdf')]} canEdit /> }], '/');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Удалить old.pdf' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Удалить' }));
    await user.click(await screen.findByRole('button', { name: 'Отменить' }));
    expect(await screen.findByRole('listitem', { name: 'old.pdf' })).toBeInTheDocument();
    expect(requestsTo(fetch, 'GET /api/document/remove-media/3')).toHaveLength(0);
  });
});
