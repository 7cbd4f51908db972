import type { ReactNode } from 'react';
import styled from 'styled-components';
import type { FieldErrors } from '@crm/shared/api-client';
import { media, Select, TextField, type SelectOption } from '@crm/shared/ui';
import { MultiSelect } from '@crm/shared/ui/multi-select';
import { DeferredRichTextEditor } from '@crm/shared/editor/lazy';
import { LEAD_FIELD_LABELS, type LeadFormField, type LeadFormValues } from '../utils/lead-form-values';

export interface LeadFormFieldsProps {
  values: LeadFormValues;
  errors: FieldErrors;
  onChange: <F extends LeadFormField>(field: F, value: LeadFormValues[F]) => void;
  statusOptions: readonly SelectOption<number>[];
  statusesLoading?: boolean;
  /** The responsible-users select exists only for users who may view users. */
  showUsers: boolean;
  userOptions: readonly SelectOption<number>[];
  usersLoading?: boolean;
  /** Shown under the phone field while it has no error (the duplicate-phone warning). */
  phoneHint?: ReactNode;
}

const NOTES_HEIGHT = 400;

// One column below sm: minmax(0, 1fr), not the implicit auto track, which the editor's toolbar would widen past the card.
const Grid = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 1.25rem;
  ${media.up('sm')} { grid-template-columns: repeat(2, minmax(0, 1fr)); }
  ${media.up('lg')} { grid-template-columns: repeat(3, minmax(0, 1fr)); }
`;

const Wide = styled.div`
  grid-column: 1 / -1;
`;

/** The lead form's fields; each shows the first server message for it. */
export function LeadFormFields({
  values,
  errors,
  onChange,
  statusOptions,
  statusesLoading,
  showUsers,
  userOptions,
  usersLoading,
  phoneHint,
}: LeadFormFieldsProps) {
  const text = (field: 'surname' | 'firstname' | 'patronymic' | 'phone', extra: { type?: string; hint?: ReactNode } = {}) => (
    <TextField
      label={LEAD_FIELD_LABELS[field]}
      name={field}
      value={values[field]}
      onChange={(event) => onChange(field, event.target.value)}
      error={errors[field]}
      autoComplete="off"
      {...extra}
    />
  );

  return (
    <Grid>
      {text('surname')}
      {text('firstname')}
      {text('patronymic')}
      {text('phone', { type: 'tel', hint: phoneHint })}
      <Select<number>
        label={LEAD_FIELD_LABELS.status_id}
        name="status_id"
        options={statusOptions}
        value={values.status_id}
        onChange={(value) => onChange('status_id', value)}
        error={errors.status_id}
        isLoading={statusesLoading}
        placeholder="Выберите статус"
      />
      {showUsers ? (
        <MultiSelect<number>
          label={LEAD_FIELD_LABELS.users}
          name="users"
          options={userOptions}
          value={values.users}
          onChange={(value) => onChange('users', value)}
          error={errors.users}
          isLoading={usersLoading}
          placeholder="Выберите ответственных"
        />
      ) : null}
      <Wide>
        <DeferredRichTextEditor
          label={LEAD_FIELD_LABELS.additional_info}
          value={values.additional_info}
          onChange={(html) => onChange('additional_info', html)}
          error={errors.additional_info}
          height={NOTES_HEIGHT}
        />
      </Wide>
    </Grid>
  );
}
