import styled from 'styled-components';
import {
  LEAD_IMPORT_FIELD_LABELS,
  LEAD_IMPORT_FIELDS,
  REQUIRED_LEAD_IMPORT_FIELDS,
  type DuplicateMode,
  type LeadImportField,
  type LeadImportMapping,
  type LeadImportPreview,
} from '@crm/shared/schemas';
import { Select, type SelectOption } from '@crm/shared/ui';
import { missingRequiredFields } from '../utils/lead-import-fields';
import { DuplicatePolicyField } from './duplicate-policy-field';
import { MappingPreviewTable } from './mapping-preview-table';

export interface ImportMappingStepProps {
  fileName: string;
  preview: LeadImportPreview;
  mapping: LeadImportMapping;
  onMappingChange: (mapping: LeadImportMapping) => void;
  onDuplicate: DuplicateMode;
  onDuplicateChange: (mode: DuplicateMode) => void;
  /** The server refused to start the import. */
  error?: string | null;
}

// The "don't import" choice; '' never names a real header here because empty headers cannot be mapped.
const SKIP = '';

const Layout = styled.div`
  display: flex;
  flex-direction: column;
  gap: 1.25rem;
`;

const FileName = styled.p`
  margin: 0;
  & strong { color: ${({ theme }) => theme.colors.text}; font-weight: 500; }
`;

const Fields = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(13rem, 1fr));
  gap: 1rem;
`;

const Note = styled.p<{ $error?: boolean }>`
  margin: 0;
  font-size: ${({ theme }) => theme.font.sizeSm};
  color: ${({ theme, $error }) => ($error ? theme.colors.errorText : theme.colors.textMuted)};
`;

const isRequired = (field: LeadImportField) => REQUIRED_LEAD_IMPORT_FIELDS.includes(field);

/** Step 2: a CSV column for each lead field, the first rows as they will be imported, and the duplicate policy. */
export function ImportMappingStep({
  fileName,
  preview,
  mapping,
  onMappingChange,
  onDuplicate,
  onDuplicateChange,
  error,
}: ImportMappingStepProps) {
  const options: SelectOption<string>[] = [
    { value: SKIP, label: 'Не импортировать' },
    ...preview.headers.filter((header) => header !== SKIP).map((header) => ({ value: header, label: header })),
  ];
  const missing = missingRequiredFields(mapping);

  return (
    <Layout>
      <FileName>
        Файл <strong>{fileName}</strong>, строк: {preview.total_rows}
      </FileName>
      <Fields>
        {LEAD_IMPORT_FIELDS.map((field) => (
          <Select<string>
            key={field}
            name={field}
            label={`${LEAD_IMPORT_FIELD_LABELS[field]}${isRequired(field) ? ' *' : ''}`}
            options={options}
            value={mapping[field] ?? SKIP}
            onChange={(header) => onMappingChange({ ...mapping, [field]: header ? header : null })}
          />
        ))}
      </Fields>
      {missing.length > 0 ? (
        <Note $error role="status">
          Выберите столбцы для обязательных полей: {missing.map((field) => LEAD_IMPORT_FIELD_LABELS[field]).join(', ')}
        </Note>
      ) : (
        <Note>* — обязательные поля</Note>
      )}
      <MappingPreviewTable preview={preview} mapping={mapping} />
      <DuplicatePolicyField value={onDuplicate} onChange={onDuplicateChange} />
      {error ? (
        <Note $error role="alert">
          {error}
        </Note>
      ) : null}
    </Layout>
  );
}
