import { useState } from 'react';
import styled from 'styled-components';
import { errorMessage } from '@crm/shared/api-client';
import type { LeadStatus } from '@crm/shared/schemas';
import { Button, Dialog, Select } from '@crm/shared/ui';

export interface ReplaceStatusDialogProps {
  /** The status leads still use; the dialog is open while set. */
  status: LeadStatus | null;
  /** The server's explanation of the 409. */
  message: string;
  /** Every status; the one being deleted is left out of the choices. */
  statuses: readonly LeadStatus[];
  onCancel: () => void;
  /** Moves the leads to the chosen status and deletes; a thrown error's message is shown in the dialog. */
  onConfirm: (replacementId: number) => Promise<void>;
}

const Text = styled.p`
  margin: 0 0 1rem;
`;

const ErrorText = styled.p`
  margin: 1rem 0 0;
  color: ${({ theme }) => theme.colors.errorText};
  font-size: ${({ theme }) => theme.font.sizeSm};
`;

function ReplaceStatusForm({ status, message, statuses, onCancel, onConfirm }: ReplaceStatusDialogProps & { status: LeadStatus }) {
  const [replacementId, setReplacementId] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const options = statuses.filter((other) => other.id !== status.id).map((other) => ({ value: other.id, label: other.name }));

  const confirm = async () => {
    if (replacementId === null) return;
    setBusy(true);
    setError(null);
    try {
      await onConfirm(replacementId);
    } catch (failure) {
      setError(errorMessage(failure));
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !busy) onCancel();
      }}
      title="Статус используется"
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            Отмена
          </Button>
          <Button variant="danger" onClick={() => void confirm()} loading={busy} disabled={replacementId === null}>
            Заменить и удалить
          </Button>
        </>
      }
    >
      <Text>{message}</Text>
      {options.length > 0 ? (
        <>
          <Text>
            Выберите статус, который получат эти лиды; после этого статус «{status.name}» будет удалён.
          </Text>
          <Select<number>
            label="Новый статус для лидов"
            options={options}
            value={replacementId}
            onChange={setReplacementId}
            placeholder="Выберите статус"
          />
        </>
      ) : (
        <Text>Других статусов нет: добавьте статус, на который можно перевести лидов.</Text>
      )}
      {error ? <ErrorText role="alert">{error}</ErrorText> : null}
    </Dialog>
  );
}

/** Asked when a status to delete is still in use: pick the status its leads move to, then delete. */
export function ReplaceStatusDialog(props: ReplaceStatusDialogProps) {
  // Mounted per status, so a new question never starts with the previous choice or error.
  return props.status ? <ReplaceStatusForm key={props.status.id} {...props} status={props.status} /> : null;
}
