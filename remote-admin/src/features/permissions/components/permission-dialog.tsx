import { useEffect, useState } from 'react';
import { ABILITY_ACTIONS, ABILITY_SUBJECTS, type AbilityAction, type AbilitySubject, type Permission } from '@crm/shared/schemas';
import { Select, TextField } from '@crm/shared/ui';
import { FormDialog } from '../../../components/form-dialog';
import { useSavePermission } from '../api/save-permission';

export interface PermissionDialogProps {
  permission: Permission | null;
  open: boolean;
  onClose: () => void;
}

/** Add or edit a permission: action, subject and the name people read. */
export function PermissionDialog({ permission, open, onClose }: PermissionDialogProps) {
  const savePermission = useSavePermission();
  const [action, setAction] = useState<AbilityAction>('view');
  const [subject, setSubject] = useState<AbilitySubject>('lead');
  const [name, setName] = useState('');

  useEffect(() => {
    if (!open) return;
    setAction(permission?.action ?? 'view');
    setSubject(permission?.subject ?? 'lead');
    setName(permission?.name ?? '');
  }, [open, permission]);

  return (
    <FormDialog
      title={permission ? 'Изменить разрешение' : 'Новое разрешение'}
      open={open}
      onClose={onClose}
      successMessage={permission ? 'Разрешение сохранено' : 'Разрешение добавлено'}
      onSubmit={() => savePermission(permission?.id ?? null, { action, subject, name })}
    >
      {(errors) => (
        <>
          <TextField label="Название" name="name" value={name} onChange={(e) => setName(e.target.value)} error={errors.name} autoFocus />
          <Select
            label="Действие"
            name="action"
            options={ABILITY_ACTIONS.map((value) => ({ value, label: value }))}
            value={action}
            onChange={(value) => value && setAction(value)}
            error={errors.action}
          />
          <Select
            label="Объект"
            name="subject"
            options={ABILITY_SUBJECTS.map((value) => ({ value, label: value }))}
            value={subject}
            onChange={(value) => value && setSubject(value)}
            error={errors.subject}
          />
        </>
      )}
    </FormDialog>
  );
}
