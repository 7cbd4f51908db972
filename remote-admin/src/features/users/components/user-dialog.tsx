import { useEffect, useState } from 'react';
import { rulesNotHeld } from '@crm/shared/abilities';
import { useAbility } from '@crm/shared/abilities/react';
import { useSession } from '@crm/shared/api-client';
import type { AdminUser } from '@crm/shared/schemas';
import { Chip, Select, TextField } from '@crm/shared/ui';
import { MultiSelect } from '@crm/shared/ui/multi-select';
import { useRoles } from '../../../api/get-roles';
import { useTeamOptions } from '../../../api/get-team-options';
import { FormDialog } from '../../../components/form-dialog';
import { useSaveUser } from '../api/save-user';

export interface UserDialogProps {
  user: AdminUser | null;
  open: boolean;
  onClose: () => void;
}

/** Add a user (they are mailed an invitation to choose a password) or edit one: names, email, role, teams. */
export function UserDialog({ user, open, onClose }: UserDialogProps) {
  const saveUser = useSaveUser();
  // Asked when the dialog opens: a viewer without `view roles` never opens it and would only get a 403.
  const { data: roles } = useRoles(open);
  const { data: teams } = useTeamOptions(open);
  const ability = useAbility();
  const me = useSession().user;
  // Only roles the caller holds in full can be given (decision 045); the user's current one stays listed so the field shows it.
  const roleOptions = (roles?.data ?? [])
    .filter((role) => role.id === user?.role.id || rulesNotHeld(ability, role.permissions).length === 0)
    .map((role) => ({ value: role.id, label: role.name }));
  const ownUser = user !== null && user.id === me?.id;
  const [name, setName] = useState('');
  const [firstName, setFirstName] = useState('');
  const [email, setEmail] = useState('');
  const [roleId, setRoleId] = useState<number | null>(null);
  const [teamIds, setTeamIds] = useState<number[]>([]);

  useEffect(() => {
    if (!open) return;
    setName(user?.name ?? '');
    setFirstName(user?.first_name ?? '');
    setEmail(user?.email ?? '');
    setRoleId(user?.role.id ?? null);
    setTeamIds(user?.teams.map((t) => t.id) ?? []);
  }, [open, user]);

  return (
    <FormDialog
      title={user ? `Пользователь ${user.name}` : 'Новый пользователь'}
      open={open}
      onClose={onClose}
      successMessage={user ? 'Пользователь сохранён' : 'Пользователь добавлен, приглашение отправлено на почту'}
      onSubmit={() =>
        saveUser(user?.id ?? null, { name, first_name: firstName, email, role_id: roleId ?? 0, team_ids: teamIds, version: user?.version })
      }
    >
      {(errors) => (
        <>
          <TextField label="Полное имя" name="name" value={name} onChange={(e) => setName(e.target.value)} error={errors.name} autoFocus />
          <TextField label="Имя для обращения" name="first_name" value={firstName} onChange={(e) => setFirstName(e.target.value)} error={errors.first_name} />
          <TextField label="Эл. почта" name="email" type="email" value={email} onChange={(e) => setEmail(e.target.value)} error={errors.email} />
          <Select
            label="Роль"
            name="role_id"
            placeholder="Выберите роль"
            options={roleOptions}
            value={roleId}
            onChange={setRoleId}
            isDisabled={ownUser}
            error={errors.role_id}
          />
          <MultiSelect
            label="Команды"
            options={(teams?.data ?? []).map((team) => ({ value: team.id, label: team.name }))}
            value={teamIds}
            onChange={setTeamIds}
            error={errors.team_ids}
          />
          {user ? (
            <p style={{ margin: 0 }}>
              {'Двухфакторная аутентификация: '}
              <Chip color={user.two_factor_enabled ? 'info' : 'secondary'}>{user.two_factor_enabled ? 'включена' : 'не настроена'}</Chip>
            </p>
          ) : null}
        </>
      )}
    </FormDialog>
  );
}
