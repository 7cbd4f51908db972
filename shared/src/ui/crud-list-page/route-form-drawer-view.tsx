import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from '@crm/shared/router';
import styled from 'styled-components';
import { ApiError, errorMessage, type FieldErrors } from '../../api-client/api-error';
import { Button } from '../components/button';
import { Drawer } from '../components/radix-drawer';
import { useToast } from '../components/use-toast';
import { useUiText } from '../i18n/ui-i18n';
import type { RouteFormDrawerProps } from './route-form-drawer';

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: 1.25rem;
`;

/**
 * A drawer that is a child route (`/lead-status/list/AddStatusDrawer`): open while mounted, closing
 * navigates back to the parent, Save submits the form and leaves after success. The caller's
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
  const toast = useToast();
  const formId = useId();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitting, setSubmitting] = useState(false);

  const back = () => navigate(backTo);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    setSubmitting(true);
    setErrors({});
    try {
      await onSubmit();
    } catch (error) {
      setSubmitting(false);
      if (error instanceof ApiError && error.status === 422 && Object.keys(error.errors).length > 0) {
        setErrors(error.errors);
      } else {
        toast.error(errorMessage(error));
      }
      return;
    }
    toast.success(successMessage);
    back();
  };

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
      <Form id={formId} onSubmit={submit} noValidate>
        {children(errors)}
      </Form>
    </Drawer>
  );
}
