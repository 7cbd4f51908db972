import { useId, useState } from 'react';
import { useNavigate } from '@crm/shared/router';
import styled from 'styled-components';
import { Button } from '../components/button';
import { Drawer } from '../components/radix-drawer';
import { useFormSubmit } from '../hooks/use-form-submit';
import { useUnsavedChangesGuard } from '../hooks/use-unsaved-changes-guard';
import { useUiText } from '../i18n/ui-i18n';
import type { RouteFormDrawerProps } from './route-form-drawer';

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: 1.25rem;
`;

/**
 * A drawer that is a child route (`/lead-status/list/AddStatusDrawer`): open while mounted, closing
 * navigates back to the parent (asking first once a field changed), Save submits the form and leaves after success. The caller's
 * `onSubmit` revalidates whatever list it changed.
 */
export function RouteFormDrawer({
  title,
  onSubmit,
  successMessage,
  children,
  saveLabel,
  cancelLabel,
  backTo = '..',
}: RouteFormDrawerProps) {
  const t = useUiText();
  const navigate = useNavigate();
  const formId = useId();
  const back = () => navigate(backTo);
  // Any field the user typed in or changed marks the drawer: closing it then asks first (docs/decisions/064).
  const [changed, setChanged] = useState(false);
  const { allowNavigation } = useUnsavedChangesGuard(changed);
  const { errors, submitting, submit } = useFormSubmit({
    onSubmit,
    successMessage,
    onDone: () => {
      allowNavigation();
      back();
    },
  });

  return (
    <Drawer
      open
      onOpenChange={(open) => {
        if (!open) back();
      }}
      title={title}
      footer={
        <>
          <Button type="submit" form={formId} loading={submitting}>
            {saveLabel ?? t('common.save')}
          </Button>
          <Button variant="secondary" onClick={back}>
            {cancelLabel ?? t('common.cancel')}
          </Button>
        </>
      }
    >
      <Form id={formId} onSubmit={submit} onChange={() => setChanged(true)} noValidate>
        {children(errors)}
      </Form>
    </Drawer>
  );
}
