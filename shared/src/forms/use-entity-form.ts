import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useParams } from '@crm/shared/router';
// Other subpaths by their package name, not a relative path: in the composed app this module may come from a remote's
// build, and only the package names resolve to the host's singletons (its ApiError class, its toast context).
import { ApiError, type FieldErrors } from '@crm/shared/api-client';
import { useToast, useUnsavedChangesGuard } from '@crm/shared/ui';
import { parseRouteId } from './parse-route-id';

/** Where an edit form's record stands: being read, read, absent (404 or an id that cannot be one), or failed. */
export type EntityLoadState =
  | { status: 'loading' }
  | { status: 'ready' }
  | { status: 'not-found' }
  | { status: 'error'; error: unknown };

/** A refused stale update: the record as the server holds it now (null while it loads, or when it could not be read). */
export type EntityConflict<E> = { current: E | null; loading: boolean };

export interface EntityFormOptions<V, E, R = unknown> {
  /** The route parameter holding the record's id (`'id'`); the form is in edit mode when the route has it. */
  param?: string;
  /** The values of a new record (create mode). */
  empty: V;
  /** Reads the record to edit: the endpoint's fetcher, unwrapped. An `ApiError` 404 shows the not-found state. */
  load: (id: number) => Promise<E>;
  /** The form's values of a record. */
  toValues: (entity: E) => V;
  /**
   * Sends the values: `entity` is null in create mode; in edit mode it is the record the values were based on (send
   * its version for the server's stale-update check).
   */
  save: (values: V, context: { id: number | null; entity: E | null }) => Promise<R>;
  /** Where a successful save goes (back to the list). */
  savedTo: string | ((result: R) => string);
  /** Toast after a successful save. */
  successMessage?: string;
  /** Runs after a successful save, before leaving (revalidate the lists that show the record). */
  onSaved?: (result: R) => void;
  /** Whether a save failure is a stale-update conflict for the review dialog; any 409 by default. */
  isConflict?: (error: unknown) => boolean;
  /** The console messages of the spec's error catalogue ('Ошибка загрузки лида'; 'Ошибка сохранения' by default). */
  messages?: { loadFailed?: string; saveFailed?: string };
}

export interface EntityForm<V, E> {
  mode: 'create' | 'edit';
  /** The route's id; null in create mode or when the route's id cannot be a record's. */
  id: number | null;
  /** The values on screen. */
  values: V;
  /** The values as loaded (or as last merged), to tell the user's edits from someone else's in a conflict. */
  base: V;
  /** The record the form was loaded from (null in create mode or before it loads). */
  entity: E | null;
  loadState: EntityLoadState;
  /** The user changed the values since they were loaded: leaving asks first (docs/decisions/064). */
  dirty: boolean;
  /** Lets the next navigation leave unasked (after the record was deleted, say). */
  allowNavigation: () => void;
  /** The last 422's messages per field. */
  errors: FieldErrors;
  /** The first server message for a field (the form shows one per field). */
  fieldError: (field: string) => string | undefined;
  /** The first message of each field not in `shown`, for a summary above the form (e.g. `version`). */
  errorsOutside: (shown: readonly string[]) => { field: string; message: string }[];
  saving: boolean;
  /** Set after a save answered a conflict: render the review dialog while it is. */
  conflict: EntityConflict<E> | null;
  setField: <F extends keyof V>(field: F, value: V[F]) => void;
  setValues: (values: V) => void;
  /** Saves the values on screen. */
  submit: () => Promise<void>;
  /** Reads the record again (the Retry of a failed load). */
  reload: () => Promise<void>;
  /** The review dialog's "load the current version": the server's record replaces the user's edits. */
  reloadFromServer: () => Promise<void>;
  /** The review dialog's "save what I chose": `merged` is saved on top of `current` (and shown in the form). */
  saveMerged: (merged: V, current: E) => Promise<void>;
  closeConflict: () => void;
}

const isAnyConflict = (error: unknown) => error instanceof ApiError && error.status === 409;

/**
 * State and actions of a create/edit form screen (the spec's lead and document forms): create mode without the
 * route's id, edit mode with it (the record is read once, not through SWR, so a revalidation never overwrites what is
 * being typed).
 * A 422 puts the server's messages under their fields; a conflict (409) opens the review with the server's current
 * record, to reload it or save a merge on top of it; any other failure is logged as 'Ошибка сохранения' and shown
 * in a toast. A failed read is logged with `messages.loadFailed`. After a save it toasts and goes to `savedTo`.
 * Options may change between renders; the latest ones are used.
 */
export function useEntityForm<V, E, R = unknown>(options: EntityFormOptions<V, E, R>): EntityForm<V, E> {
  const raw = useParams()[options.param ?? 'id'];
  const mode = raw === undefined ? 'create' : 'edit';
  const id = parseRouteId(raw);
  const navigate = useNavigate();
  const toast = useToast();
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });

  const [values, setValuesState] = useState<V>(options.empty);
  const [base, setBase] = useState<V>(options.empty);
  // Only the user's own edits make the form dirty; what a load or a merge puts there does not.
  const [touched, setTouched] = useState(false);
  const [entity, setEntity] = useState<E | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const savingRef = useRef(false);
  const [conflict, setConflict] = useState<EntityConflict<E> | null>(null);
  const [loadState, setLoadState] = useState<EntityLoadState>(() =>
    mode === 'create' ? { status: 'ready' } : id === null ? { status: 'not-found' } : { status: 'loading' },
  );
  // Only the latest read may fill the form: a slow answer to an older request must not overwrite a newer one.
  const loadSeq = useRef(0);
  const dirty = useMemo(() => touched && JSON.stringify(values) !== JSON.stringify(base), [touched, values, base]);
  const { allowNavigation } = useUnsavedChangesGuard(dirty);

  const apply = useCallback((record: E) => {
    const loaded = latest.current.toValues(record);
    setEntity(record);
    setValuesState(loaded);
    setBase(loaded);
    setTouched(false);
    setErrors({});
  }, []);

  const reload = useCallback(async () => {
    if (mode === 'create') return;
    if (id === null) {
      setLoadState({ status: 'not-found' });
      return;
    }
    const seq = ++loadSeq.current;
    setLoadState({ status: 'loading' });
    try {
      const record = await latest.current.load(id);
      if (seq !== loadSeq.current) return;
      apply(record);
      setLoadState({ status: 'ready' });
    } catch (error) {
      if (seq !== loadSeq.current) return;
      if (error instanceof ApiError && error.status === 404) {
        setLoadState({ status: 'not-found' });
        return;
      }
      const message = latest.current.messages?.loadFailed ?? 'Ошибка загрузки';
      console.error(message, error);
      setLoadState({ status: 'error', error });
      toast.error(message);
    }
  }, [apply, id, mode, toast]);

  useEffect(() => {
    void reload();
    return () => {
      loadSeq.current += 1;
    };
  }, [reload]);

  const openConflict = useCallback(async () => {
    if (id === null) return;
    setConflict({ current: null, loading: true });
    try {
      setConflict({ current: await latest.current.load(id), loading: false });
    } catch (error) {
      console.error(latest.current.messages?.loadFailed ?? 'Ошибка загрузки', error);
      setConflict({ current: null, loading: false });
    }
  }, [id]);

  const save = useCallback(
    async (toSend: V, record: E | null) => {
      if (savingRef.current) return;
      savingRef.current = true;
      setSaving(true);
      setErrors({});
      const { save: send, onSaved, successMessage, savedTo, isConflict = isAnyConflict, messages } = latest.current;
      let result: R;
      try {
        result = await send(toSend, { id: mode === 'edit' ? id : null, entity: mode === 'edit' ? record : null });
      } catch (error) {
        if (error instanceof ApiError && error.status === 422 && Object.keys(error.errors).length > 0) {
          setErrors(error.errors);
        } else if (mode === 'edit' && isConflict(error)) {
          void openConflict();
        } else {
          const message = messages?.saveFailed ?? 'Ошибка сохранения';
          console.error(message, error);
          toast.error(error instanceof Error && error.message ? `${message}: ${error.message}` : message);
        }
        return;
      } finally {
        savingRef.current = false;
        setSaving(false);
      }
      onSaved?.(result);
      if (successMessage) toast.success(successMessage);
      allowNavigation();
      navigate(typeof savedTo === 'function' ? savedTo(result) : savedTo);
    },
    [id, mode, navigate, openConflict, toast, allowNavigation],
  );

  const submit = useCallback(() => save(values, entity), [entity, save, values]);

  const reloadFromServer = useCallback(async () => {
    setConflict(null);
    await reload();
  }, [reload]);

  const saveMerged = useCallback(
    async (merged: V, current: E) => {
      setConflict(null);
      setEntity(current);
      setBase(latest.current.toValues(current));
      setValuesState(merged);
      await save(merged, current);
    },
    [save],
  );

  const setField = useCallback(<F extends keyof V>(field: F, value: V[F]) => {
    setTouched(true);
    setValuesState((current) => ({ ...current, [field]: value }));
  }, []);
  const setValues = useCallback((next: V) => {
    setTouched(true);
    setValuesState(next);
  }, []);

  const fieldError = useCallback((field: string) => errors[field]?.[0], [errors]);
  const errorsOutside = useCallback(
    (shown: readonly string[]) =>
      Object.entries(errors)
        .filter(([field, messages]) => !shown.includes(field) && messages.length > 0)
        .map(([field, messages]) => ({ field, message: messages[0] })),
    [errors],
  );
  const closeConflict = useCallback(() => setConflict(null), []);

  return {
    mode,
    id,
    values,
    base,
    entity,
    loadState,
    dirty,
    allowNavigation,
    errors,
    fieldError,
    errorsOutside,
    saving,
    conflict,
    setField,
    setValues,
    submit,
    reload,
    reloadFromServer,
    saveMerged,
    closeConflict,
  };
}
