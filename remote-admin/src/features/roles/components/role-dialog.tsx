import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { useAbility } from '@crm/shared/abilities/react';
import { LEAD_SCOPES, type LeadScope, type Role } from '@crm/shared/schemas';
import { Select, TextField } from '@crm/shared/ui';
import { usePermissions } from '../../../api/get-permissions';
import { FormDialog } from '../../../components/form-dialog';
import { useSaveRole } from '../api/save-role';
import { ACTION_LABELS, SUBJECT_LABELS } from '../utils/ability-labels';
import { buildPermissionMatrix } from '../utils/permission-matrix';
import { leadScopeLabel } from '../utils/lead-scope-label';

const Grid = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: 0.875rem;
  th,
  td {
    padding: 0.5rem;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    text-align: center;
  }
  th:first-child,
  td:first-child {
    text-align: start;
  }
`;

const ErrorText = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.errorText};
  font-size: 0.8125rem;
`;

const Check = styled.label`
  display: flex;
  align-items: flex-start;
  gap: 0.5rem;
  cursor: pointer;
  input { margin-top: 0.25rem; }
`;

const Hint = styled.small`
  display: block;
  color: ${({ theme }) => theme.colors.textMuted};
`;

export interface RoleDialogProps {
  /** The role to edit; null to add one. */
  role: Role | null;
  open: boolean;
  onClose: () => void;
}

/**
 * Add or edit a role: its name, the lead scope, whether its users must sign in with a second factor (decision 071), and
 * a grid of the permissions it grants (subjects × actions).
 */
export function RoleDialog({ role, open, onClose }: RoleDialogProps) {
  const saveRole = useSaveRole();
  const { data: permissions } = usePermissions();
  const [name, setName] = useState('');
  const [scope, setScope] = useState<LeadScope>('own');
  const [granted, setGranted] = useState<number[]>([]);
  const [twoFactorRequired, setTwoFactorRequired] = useState(false);
  const ability = useAbility();

  useEffect(() => {
    if (!open) return;
    setName(role?.name ?? '');
    setScope(role?.lead_scope ?? 'own');
    setGranted(role?.permission_ids ?? []);
    setTwoFactorRequired(role?.two_factor_required ?? false);
  }, [open, role]);

  const matrix = buildPermissionMatrix(permissions?.data ?? []);
  const toggle = (id: number) => setGranted((ids) => (ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id]));

  return (
    <FormDialog
      title={role ? `Роль ${role.name}` : 'Новая роль'}
      open={open}
      onClose={onClose}
      maxWidth={760}
      successMessage={role ? 'Роль сохранена' : 'Роль добавлена'}
      onSubmit={() => saveRole(role?.id ?? null, { name, lead_scope: scope, two_factor_required: twoFactorRequired, permission_ids: granted, version: role?.version })}
    >
      {(errors) => (
        <>
          <TextField label="Название роли" name="name" value={name} onChange={(e) => setName(e.target.value)} error={errors.name} autoFocus />
          <Select
            label="Доступ к лидам"
            name="lead_scope"
            options={LEAD_SCOPES.map((value) => ({ value, label: leadScopeLabel(value) }))}
            value={scope}
            onChange={(value) => value && setScope(value)}
            error={errors.lead_scope}
          />
          <Check>
            <input type="checkbox" name="two_factor_required" checked={twoFactorRequired} onChange={(e) => setTwoFactorRequired(e.target.checked)} />
            <span>
              Обязательная двухфакторная аутентификация
              <Hint>Пользователи роли без 2FA после ввода пароля сначала настроят её; их открытые сеансы перестанут действовать до настройки.</Hint>
            </span>
          </Check>
          {errors.two_factor_required && <ErrorText role="alert">{errors.two_factor_required[0]}</ErrorText>}
          <Grid aria-label="Разрешения роли">
            <thead>
              <tr>
                <th scope="col">Объект</th>
                {matrix.actions.map((action) => (
                  <th key={action} scope="col">
                    {ACTION_LABELS[action]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {matrix.subjects.map((subject) => (
                <tr key={subject}>
                  <th scope="row">{SUBJECT_LABELS[subject]}</th>
                  {matrix.actions.map((action) => {
                    const permission = matrix.cell(subject, action);
                    return (
                      <td key={action}>
                        {permission && (
                          <input
                            type="checkbox"
                            aria-label={`${action} ${subject}`}
                            checked={granted.includes(permission.id)}
                            // Nobody grants what they do not hold (decision 045): the server would refuse it.
                            disabled={ability.cannot(permission.action, permission.subject)}
                            onChange={() => toggle(permission.id)}
                          />
                        )}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </Grid>
          {errors.permission_ids && <ErrorText role="alert">{errors.permission_ids[0]}</ErrorText>}
        </>
      )}
    </FormDialog>
  );
}
