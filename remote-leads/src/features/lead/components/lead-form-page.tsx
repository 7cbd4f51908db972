import { useId, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { Outlet, useNavigate } from '@crm/shared/router';
import styled from 'styled-components';
import { useAbility } from '@crm/shared/abilities/react';
import { useSession, errorMessage } from '@crm/shared/api-client';
import { useEntityForm } from '@crm/shared/forms';
import type { LeadDetail, PhoneDuplicate } from '@crm/shared/schemas';
import { Button, Card, ErrorState, PageHeader, Spinner, type SelectOption, userDisplayName } from '@crm/shared/ui';
import { useUsers } from '../../../api/get-users';
import { useRevalidateLeads } from '../../../hooks/use-revalidate-leads';
import { createLead } from '../api/create-lead';
import { getLead } from '../api/get-lead';
import { usePhoneDuplicates } from '../api/get-phone-duplicates';
import { updateLead } from '../api/update-lead';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { useNewerLeadVersion } from '../hooks/use-newer-lead-version';
import { isLeadVersionConflict } from '../utils/is-lead-version-conflict';
import {
  EMPTY_LEAD_FORM_VALUES,
  LEAD_FORM_FIELDS,
  toLeadFormValues,
  toLeadInput,
  type LeadFormValues,
} from '../utils/lead-form-values';
import { LEADS_LIST_PATH } from '../utils/leads-list-path';
import { LeadConflictDialog } from './lead-conflict-dialog';
import { LeadFormFields } from './lead-form-fields';
import { PhoneDuplicateWarning } from './phone-duplicate-warning';
import { ShareLeadDialog } from './share-lead-dialog';

export interface LeadFormPageProps {
  /** The lead statuses as options, in their order (the app reads them from the statuses feature). */
  statusOptions: readonly SelectOption<number>[];
  statusesLoading?: boolean;
  /** Editing a lead: an action after each lead with the same phone («Объединить с …», composed in by the app). */
  renderPhoneDuplicateAction?: (leadId: number, duplicate: PhoneDuplicate) => ReactNode;
}

const Centered = styled.div`
  display: grid;
  place-items: center;
  padding: 3rem 0;
  color: ${({ theme }) => theme.colors.primaryText};
`;

const ChangedNotice = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 1rem;
  margin: 0 0 1.25rem;
  padding: 0.75rem 1rem;
  border-radius: ${({ theme }) => theme.radius.md};
  color: ${({ theme }) => theme.colors.warningText};
  background: ${({ theme }) => theme.colors.hover};
`;

const FormAlert = styled.ul`
  margin: 0 0 1.25rem;
  padding: 0.75rem 1rem;
  list-style: none;
  border-radius: ${({ theme }) => theme.radius.md};
  color: ${({ theme }) => theme.colors.errorText};
  background: ${({ theme }) => theme.colors.hover};
`;

/** How long the phone must stay unchanged before the form asks whether another lead has it. */
const PHONE_CHECK_DELAY_MS = 400;

/**
 * The lead form: create mode without `:id` (/leads/create, /leads/add, /leads/add/LeadForm), edit mode with it
 * (/leads/:id/edit). Closing or saving returns to /leads/list; edit mode can hand the lead over ('Передать').
 */
export function LeadFormPage({ statusOptions, statusesLoading, renderPhoneDuplicateAction }: LeadFormPageProps) {
  const navigate = useNavigate();
  const revalidate = useRevalidateLeads();
  const form = useEntityForm<LeadFormValues, LeadDetail>({
    empty: EMPTY_LEAD_FORM_VALUES,
    load: async (leadId) => (await getLead(leadId)).data,
    toValues: toLeadFormValues,
    // An update carries the version the form was read at, so a stale one is refused with 409 instead of overwriting.
    save: (values, { id: leadId, entity }) =>
      leadId === null ? createLead(toLeadInput(values)) : updateLead(leadId, toLeadInput(values, entity?.version)),
    savedTo: LEADS_LIST_PATH,
    successMessage: 'Лид сохранён',
    onSaved: revalidate,
    isConflict: isLeadVersionConflict,
    messages: { loadFailed: 'Ошибка загрузки лида' },
  });
  const { id } = form;
  const isEdit = form.mode === 'edit';
  const { user } = useSession();
  // Someone else saved this lead since it was read: say so before a save runs into the 409.
  const newer = useNewerLeadVersion(isEdit ? id : null, form.entity?.version ?? null, user?.id ?? null);
  const ability = useAbility();
  const canViewUsers = ability.can('view', 'users');
  // The button, the dialog's user list and the call all need `assign lead` (decision 014).
  const canAssign = ability.can('assign', 'lead');
  const users = useUsers(canViewUsers);
  // A deactivated user cannot be given a lead (the API answers 422): offered only when already responsible for it.
  const keptUsers = form.entity?.users;
  const userOptions = useMemo(
    () =>
      (users.data?.data ?? [])
        .filter((user) => user.active || keptUsers?.includes(user.id))
        .map((user) => ({ value: user.id, label: userDisplayName(user) })),
    [users.data, keptUsers],
  );
  const [shareOpen, setShareOpen] = useState(false);
  const formId = useId();
  const ready = form.loadState.status === 'ready';
  // A lead that is not there (or could not be read) offers nothing to hand over or save: only the message and Закрыть.
  const failed = form.loadState.status === 'not-found' || form.loadState.status === 'error';
  // Another lead with this number is only a warning: the user may still save (docs/decisions/016).
  const typedPhone = useDebouncedValue(form.values.phone.trim(), PHONE_CHECK_DELAY_MS);
  const duplicates = usePhoneDuplicates(ready ? typedPhone : null, id);

  // Messages for what has no field on screen: the version, and the responsible users when they are hidden.
  const otherErrors = form.errorsOutside(LEAD_FORM_FIELDS.filter((field) => field !== 'users' || canViewUsers));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void form.submit();
  };

  let content;
  if (form.loadState.status === 'loading') {
    content = (
      <Centered>
        <Spinner label="Загрузка лида" />
      </Centered>
    );
  } else if (form.loadState.status === 'not-found') {
    content = <ErrorState title="Лид не найден" message="Возможно, он удалён или недоступен вам." />;
  } else if (form.loadState.status === 'error') {
    const { error } = form.loadState;
    content = (
      <ErrorState
        title="Не удалось загрузить лида"
        message={error ? errorMessage(error) : undefined}
        onRetry={() => void form.reload()}
      />
    );
  } else {
    content = (
      <form id={formId} onSubmit={onSubmit} noValidate>
        {newer ? (
          <ChangedNotice role="status" data-testid="lead-changed-notice">
            <span>
              {newer.deleted ? 'Лид удалён' : 'Лид изменён'}
              {newer.by ? ` пользователем ${newer.by}` : ''}
              {newer.deleted ? '' : ' — обновите, чтобы увидеть изменения'}
            </span>
            {newer.deleted ? null : (
              <Button variant="secondary" onClick={() => void form.reloadFromServer()}>
                Обновить
              </Button>
            )}
          </ChangedNotice>
        ) : null}
        {otherErrors.length > 0 ? (
          <FormAlert role="alert">
            {otherErrors.map(({ field, message }) => (
              <li key={field}>{message}</li>
            ))}
          </FormAlert>
        ) : null}
        <LeadFormFields
          values={form.values}
          errors={form.errors}
          onChange={form.setField}
          statusOptions={statusOptions}
          statusesLoading={statusesLoading}
          showUsers={canViewUsers}
          userOptions={userOptions}
          usersLoading={users.isLoading}
          phoneHint={duplicates.data?.data.length ? <PhoneDuplicateWarning
                  duplicates={duplicates.data.data}
                  renderAction={id !== null && renderPhoneDuplicateAction ? (duplicate) => renderPhoneDuplicateAction(id, duplicate) : undefined}
                /> : undefined}
        />
      </form>
    );
  }

  return (
    <>
      <PageHeader
        title={isEdit ? 'Редактировать лида' : 'Добавить лида'}
        actions={
          <>
            <Button variant="secondary" onClick={() => navigate(LEADS_LIST_PATH)}>
              Закрыть
            </Button>
            {isEdit && !failed && canAssign ? (
              <Button variant="secondary" onClick={() => setShareOpen(true)} disabled={!ready || id === null}>
                Передать
              </Button>
            ) : null}
            {failed ? null : (
              <Button type="submit" form={formId} loading={form.saving} disabled={!ready}>
                Сохранить
              </Button>
            )}
          </>
        }
      />
      <Card>{content}</Card>
      {id !== null && isEdit && canAssign ? (
        <ShareLeadDialog
          leadId={id}
          open={shareOpen}
          onOpenChange={setShareOpen}
          currentUserId={user?.id}
          responsibleIds={form.entity?.users}
        />
      ) : null}
      {form.conflict ? (
        <LeadConflictDialog
          current={form.conflict.current}
          loading={form.conflict.loading}
          mine={form.values}
          base={form.base}
          statusOptions={statusOptions}
          userOptions={userOptions}
          showUsers={canViewUsers}
          onReload={() => void form.reloadFromServer()}
          onSaveMerged={(merged, current) => void form.saveMerged(merged, current)}
          onClose={form.closeConflict}
        />
      ) : null}
      {/* /leads/add/LeadForm is a child route with no page of its own. */}
      <Outlet />
    </>
  );
}
