import { useId, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import type { FieldErrors } from '@crm/shared/api-client';
import { Button, Dialog, useFormSubmit, useUiText, useUnsavedChangesGuard } from '@crm/shared/ui';

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: 1.25rem;
`;

const Footer = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: 0.75rem;
`;

export interface FormDialogProps {
  title: ReactNode;
  open: boolean;
  onClose: () => void;
  /** Sends the form. A 422 puts its messages under the fields; any other failure shows its message in a toast. */
  onSubmit: () => Promise<unknown>;
  successMessage: string;
  children: (errors: FieldErrors) => ReactNode;
  maxWidth?: number | string;
}

/**
 * A dialog holding one form: Save sends it, 422 messages go under their fields, success toasts and closes; closing it
 * after a change asks first.
 */
export function FormDialog({ title, open, onClose, onSubmit, successMessage, children, maxWidth }: FormDialogProps) {
  const text = useUiText();
  const formId = useId();
  // A field the user changed makes Отмена, Esc and a click outside ask first (docs/decisions/064).
  const [changed, setChanged] = useState(false);
  const { confirmDiscard } = useUnsavedChangesGuard(open && changed);
  const { errors, submitting, submit, resetErrors } = useFormSubmit({ onSubmit, successMessage, onDone: () => close() });

  function close() {
    resetErrors();
    setChanged(false);
    onClose();
  }

  async function cancel() {
    if (await confirmDiscard()) close();
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) void cancel();
      }}
      title={title}
      maxWidth={maxWidth}
      footer={
        <Footer>
          <Button type="button" variant="secondary" onClick={() => void cancel()}>
            {text('common.cancel')}
          </Button>
          <Button type="submit" form={formId} loading={submitting}>
            {text('common.save')}
          </Button>
        </Footer>
      }
    >
      <Form id={formId} onSubmit={(event) => void submit(event)} onChange={() => setChanged(true)} noValidate>
        {children(errors)}
      </Form>
    </Dialog>
  );
}
