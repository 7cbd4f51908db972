import { useRef, useState } from 'react';
import { ApiError, errorMessage } from '@crm/shared/api-client';
import type { DuplicateMode, LeadImportJob, LeadImportMapping, LeadImportPreview } from '@crm/shared/schemas';
import { Button, Dialog, IconDownload, useToast } from '@crm/shared/ui';
import { downloadLeadImportReport } from '../api/download-lead-import-report';
import { previewLeadImport } from '../api/preview-lead-import';
import { startLeadImport } from '../api/start-lead-import';
import { isImportFinished, useLeadImportJob } from '../hooks/use-lead-import-job';
import { isCsvFile } from '../utils/is-csv-file';
import { initialMapping, missingRequiredFields } from '../utils/lead-import-fields';
import { ImportFileStep } from './import-file-step';
import { ImportMappingStep } from './import-mapping-step';
import { ImportProgressStep } from './import-progress-step';
import { ImportStepper } from './import-stepper';
import { ImportSummaryStep } from './import-summary-step';

export interface LeadsImportDialogProps {
  open: boolean;
  /** `imported` is true once a run has started, so the caller refreshes its list. */
  onClose: (imported: boolean) => void;
}

type WizardState =
  | { step: 'file'; busy: boolean; error: string | null }
  | {
      step: 'mapping';
      file: File;
      preview: LeadImportPreview;
      mapping: LeadImportMapping;
      onDuplicate: DuplicateMode;
      starting: boolean;
      error: string | null;
    }
  | { step: 'run'; started: LeadImportJob };

const FIRST_STEP: WizardState = { step: 'file', busy: false, error: null };

// A 422 names the field it is about (file, mapping, on_duplicate); the wizard has one place to show it.
function importErrorMessage(error: unknown, field?: string): string {
  if (error instanceof ApiError) {
    const messages = (field && error.errors[field]) || Object.values(error.errors)[0];
    return messages?.[0] ?? errorMessage(error);
  }
  return errorMessage(error);
}

/** The CSV import wizard: file → column mapping → progress → summary, in a dialog 900 px wide. */
export function LeadsImportDialog({ open, onClose }: LeadsImportDialogProps) {
  const toast = useToast();
  const [state, setState] = useState<WizardState>(FIRST_STEP);
  const [reportBusy, setReportBusy] = useState(false);
  // Answers that arrive after the wizard was closed or restarted must not bring an old step back.
  const generation = useRef(0);
  const run = useLeadImportJob(state.step === 'run' ? state.started : null);
  const job = run.job;
  const finished = job !== null && isImportFinished(job);

  const close = () => {
    generation.current += 1;
    const imported = state.step === 'run';
    setState(FIRST_STEP);
    onClose(imported);
  };

  const readFile = async (file: File) => {
    if (!isCsvFile(file)) {
      setState({ step: 'file', busy: false, error: 'Выберите файл в формате CSV (.csv)' });
      return;
    }
    const current = ++generation.current;
    setState({ step: 'file', busy: true, error: null });
    try {
      const { data: preview } = await previewLeadImport(file);
      if (current !== generation.current) return;
      setState({
        step: 'mapping',
        file,
        preview,
        mapping: initialMapping(preview.suggested_mapping, preview.headers),
        onDuplicate: 'skip',
        starting: false,
        error: null,
      });
    } catch (error) {
      if (current === generation.current) setState({ step: 'file', busy: false, error: importErrorMessage(error, 'file') });
    }
  };

  const start = async () => {
    if (state.step !== 'mapping' || state.starting || missingRequiredFields(state.mapping).length > 0) return;
    const current = ++generation.current;
    setState({ ...state, starting: true, error: null });
    try {
      const { data: started } = await startLeadImport({ file: state.file, mapping: state.mapping, onDuplicate: state.onDuplicate });
      if (current === generation.current) setState({ step: 'run', started });
    } catch (error) {
      if (current === generation.current) setState({ ...state, starting: false, error: importErrorMessage(error) });
    }
  };

  const downloadReport = async () => {
    if (!job) return;
    setReportBusy(true);
    try {
      await downloadLeadImportReport(job.id);
    } catch (error) {
      toast.error(`Не удалось скачать отчёт: ${importErrorMessage(error)}`);
    } finally {
      setReportBusy(false);
    }
  };

  const stepIndex = state.step === 'file' ? 0 : state.step === 'mapping' ? 1 : finished ? 3 : 2;

  let body;
  let footer;
  if (state.step === 'file') {
    body = <ImportFileStep busy={state.busy} error={state.error} onFile={(file) => void readFile(file)} />;
    footer = (
      <Button variant="secondary" onClick={close}>
        Отмена
      </Button>
    );
  } else if (state.step === 'mapping') {
    body = (
      <ImportMappingStep
        fileName={state.file.name}
        preview={state.preview}
        mapping={state.mapping}
        onMappingChange={(mapping) => setState({ ...state, mapping })}
        onDuplicate={state.onDuplicate}
        onDuplicateChange={(onDuplicate) => setState({ ...state, onDuplicate })}
        error={state.error}
      />
    );
    footer = (
      <>
        <Button
          variant="secondary"
          disabled={state.starting}
          onClick={() => {
            generation.current += 1;
            setState(FIRST_STEP);
          }}
        >
          Назад
        </Button>
        <Button
          onClick={() => void start()}
          loading={state.starting}
          disabled={missingRequiredFields(state.mapping).length > 0}
        >
          Начать импорт
        </Button>
      </>
    );
  } else if (job && finished) {
    body = <ImportSummaryStep job={job} />;
    footer = (
      <>
        {job.rejected > 0 ? (
          <Button
            variant="secondary"
            startIcon={<IconDownload size={18} />}
            loading={reportBusy}
            onClick={() => void downloadReport()}
          >
            Скачать отчёт
          </Button>
        ) : null}
        <Button onClick={close}>Готово</Button>
      </>
    );
  } else if (job) {
    body = <ImportProgressStep job={job} error={run.error} onRetry={run.retry} />;
    footer = (
      <Button variant="secondary" onClick={close}>
        Закрыть
      </Button>
    );
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) close();
      }}
      title="Импорт лидов"
      maxWidth={900}
      footer={footer}
    >
      <ImportStepper current={stepIndex} />
      {body}
    </Dialog>
  );
}
