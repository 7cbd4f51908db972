import { useId } from 'react';
import styled from 'styled-components';
import { DUPLICATE_MODES, type DuplicateMode } from '@crm/shared/schemas';

export interface DuplicatePolicyFieldProps {
  value: DuplicateMode;
  onChange: (value: DuplicateMode) => void;
}

const LABELS: Record<DuplicateMode, { label: string; hint: string }> = {
  skip: { label: 'Пропустить', hint: 'существующий лид не меняется' },
  update: { label: 'Обновить', hint: 'поля существующего лида заменяются данными из файла' },
  create: { label: 'Создать новый', hint: 'появится ещё один лид с тем же телефоном' },
};

const Fieldset = styled.fieldset`
  margin: 0;
  padding: 0;
  border: 0;
  min-width: 0;
`;

const Legend = styled.legend`
  padding: 0;
  margin-bottom: 0.25rem;
  font-size: ${({ theme }) => theme.font.sizeSm};
  color: ${({ theme }) => theme.colors.text};
`;

const Explanation = styled.p`
  margin: 0 0 0.5rem;
  font-size: ${({ theme }) => theme.font.sizeSm};
`;

const Options = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem 1.5rem;
`;

const Option = styled.label`
  display: inline-flex;
  align-items: baseline;
  gap: 0.5rem;
  cursor: pointer;
  color: ${({ theme }) => theme.colors.text};
  & input { accent-color: ${({ theme }) => theme.colors.primary}; cursor: pointer; }
`;

/** What to do with a row whose phone already belongs to a lead. */
export function DuplicatePolicyField({ value, onChange }: DuplicatePolicyFieldProps) {
  const name = useId();
  const explanationId = `${name}-explanation`;
  return (
    <Fieldset aria-describedby={explanationId}>
      <Legend>Дубликаты</Legend>
      <Explanation id={explanationId}>Дубликаты определяются по номеру телефона</Explanation>
      <Options>
        {DUPLICATE_MODES.map((mode) => (
          <Option key={mode} title={LABELS[mode].hint}>
            <input
              type="radio"
              name={name}
              value={mode}
              checked={value === mode}
              onChange={() => onChange(mode)}
            />
            {LABELS[mode].label}
          </Option>
        ))}
      </Options>
    </Fieldset>
  );
}
