import { useId, useState } from 'react';
import styled from 'styled-components';
import { Button, TextField, useUiText } from '@crm/shared/ui';
import { PanelActions, PanelError, PanelFields } from './panel-layout';
import { submitOnEnter } from './submit-on-enter';

export interface TableFormProps {
  onSubmit: (table: { rows: number; columns: number; headerRow: boolean }) => void;
  onCancel: () => void;
}

const MAX_ROWS = 50;
const MAX_COLUMNS = 12;

const Check = styled.label`
  display: inline-flex;
  align-items: center;
  gap: 0.5rem;
  min-height: 2.375rem;
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.font.size};
`;

function inRange(value: string, max: number): number | null {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= max ? n : null;
}

export function TableForm({ onSubmit, onCancel }: TableFormProps) {
  const t = useUiText();
  const [rows, setRows] = useState('3');
  const [columns, setColumns] = useState('3');
  const [headerRow, setHeaderRow] = useState(true);
  const [error, setError] = useState<string>();
  const headerId = useId();

  const submit = () => {
    const r = inRange(rows, MAX_ROWS);
    const c = inRange(columns, MAX_COLUMNS);
    if (r === null || c === null) {
      setError(t('editor.tableRange', { rows: MAX_ROWS, columns: MAX_COLUMNS }));
      return;
    }
    onSubmit({ rows: r, columns: c, headerRow });
  };

  return (
    <div onKeyDown={submitOnEnter(submit)}>
      <PanelFields>
        <TextField
          label={t('editor.rows')}
          type="number"
          min={1}
          max={MAX_ROWS}
          value={rows}
          autoFocus
          onChange={(event) => setRows(event.target.value)}
        />
        <TextField
          label={t('editor.columns')}
          type="number"
          min={1}
          max={MAX_COLUMNS}
          value={columns}
          onChange={(event) => setColumns(event.target.value)}
        />
        <Check htmlFor={headerId}>
          <input
            id={headerId}
            type="checkbox"
            checked={headerRow}
            onChange={(event) => setHeaderRow(event.target.checked)}
          />
          {t('editor.headerRow')}
        </Check>
      </PanelFields>
      {error ? <PanelError role="alert">{error}</PanelError> : null}
      <PanelActions>
        <Button variant="secondary" size="sm" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button size="sm" onClick={submit}>
          {t('editor.createTable')}
        </Button>
      </PanelActions>
    </div>
  );
}
