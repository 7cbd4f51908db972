import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError, type FieldErrors } from '@crm/shared/api-client';
import type { LeadDetail } from '@crm/shared/schemas';
import { useToast } from '@crm/shared/ui';
import { createLead } from '../api/create-lead';
import { getLead } from '../api/get-lead';
import { updateLead } from '../api/update-lead';
import {
  EMPTY_LEAD_FORM_VALUES,
  toLeadFormValues,
  toLeadInput,
  type LeadFormField,
  type LeadFormValues,
} from '../utils/lead-form-values';

export const LEADS_LIST_PATH = '/leads/list';

export type LeadLoadState =
  | { status: 'ready' }
  | { status: 'loading' }
  | { status: 'not-found' }
  | { status: 'error'; error: unknown };

/** A refused stale update: the lead as the server holds it now (null while it loads or if it could not be read). */
export type LeadConflictState = { current: LeadDetail | null; loading: boolean };

const isVersionConflict = (error: unknown) =>
  error instanceof ApiError && error.status === 409 && error.code === 'LEAD_VERSION_CONFLICT';

/**
 * State and actions of the lead form. `id` is the lead being edited (null in create mode, or when the route's id
 * cannot be a lead). The form keeps the values it loaded (`base`) so a conflict can tell the user's edits from the
 * other person's.
 */
export function useLeadForm({ isEdit, id, onSaved }: { isEdit: boolean; id: number | null; onSaved: () => void }) {
  const navigate = useNavigate();
  const toast = useToast();
  const [values, setValues] = useState<LeadFormValues>(EMPTY_LEAD_FORM_VALUES);
  const [base, setBase] = useState<LeadFormValues>(EMPTY_LEAD_FORM_VALUES);
  const [version, setVersion] = useState<number | undefined>(undefined);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const [conflict, setConflict] = useState<LeadConflictState | null>(null);
  const [loadState, setLoadState] = useState<LeadLoadState>(() =>
    !isEdit ? { status: 'ready' } : id === null ? { status: 'not-found' } : { status: 'loading' },
  );
  // Only the latest load may fill the form: a slow answer to an older request must not overwrite a newer one.
  const loadSeq = useRef(0);

  const applyLead = useCallback((lead: LeadDetail) => {
    const loaded = toLeadFormValues(lead);
    setValues(loaded);
    setBase(loaded);
    setVersion(lead.version);
    setErrors({});
  }, []);

  const load = useCallback(async () => {
    if (!isEdit || id === null) return;
    const seq = ++loadSeq.current;
    setLoadState({ status: 'loading' });
    try {
      const { data } = await getLead(id);
      if (seq !== loadSeq.current) return;
      applyLead(data);
      setLoadState({ status: 'ready' });
    } catch (error) {
      if (seq !== loadSeq.current) return;
      console.error('Ошибка загрузки лида', error);
      if (error instanceof ApiError && error.status === 404) {
        setLoadState({ status: 'not-found' });
      } else {
        setLoadState({ status: 'error', error });
        toast.error('Ошибка загрузки лида');
      }
    }
  }, [applyLead, id, isEdit, toast]);

  useEffect(() => {
    void load();
  }, [load]);

  const setField = useCallback(<F extends LeadFormField>(field: F, value: LeadFormValues[F]) => {
    setValues((current) => ({ ...current, [field]: value }));
  }, []);

  const openConflict = useCallback(async () => {
    if (id === null) return;
    setConflict({ current: null, loading: true });
    try {
      const { data } = await getLead(id);
      setConflict({ current: data, loading: false });
    } catch (error) {
      console.error('Ошибка загрузки лида', error);
      setConflict({ current: null, loading: false });
    }
  }, [id]);

  const submit = useCallback(
    async (toSend: LeadFormValues = values, sendVersion: number | undefined = version) => {
      if (saving) return;
      setSaving(true);
      setErrors({});
      try {
        if (isEdit && id !== null) await updateLead(id, toLeadInput(toSend, sendVersion));
        else await createLead(toLeadInput(toSend));
        onSaved();
        toast.success('Лид сохранён');
        navigate(LEADS_LIST_PATH);
      } catch (error) {
        setSaving(false);
        if (error instanceof ApiError && error.status === 422 && Object.keys(error.errors).length > 0) {
          setErrors(error.errors);
        } else if (isVersionConflict(error)) {
          void openConflict();
        } else {
          console.error('Ошибка сохранения', error);
          const detail = error instanceof Error && error.message ? `: ${error.message}` : '';
          toast.error(`Ошибка сохранения${detail}`);
        }
      }
    },
    [id, isEdit, navigate, onSaved, openConflict, saving, toast, values, version],
  );

  /** 'Загрузить актуальную версию': the server's lead replaces the form, local edits are dropped. */
  const reloadFromServer = useCallback(async () => {
    setConflict(null);
    await load();
  }, [load]);

  /** The user merged their values with the server's: the form shows the result and saves it at the current version. */
  const saveMerged = useCallback(
    (merged: LeadFormValues, current: LeadDetail) => {
      setConflict(null);
      setValues(merged);
      setBase(toLeadFormValues(current));
      setVersion(current.version);
      void submit(merged, current.version);
    },
    [submit],
  );

  return {
    values,
    base,
    errors,
    loadState,
    saving,
    conflict,
    setField,
    submit,
    reload: load,
    reloadFromServer,
    saveMerged,
    closeConflict: () => setConflict(null),
  };
}
