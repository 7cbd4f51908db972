import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { api } from '@crm/shared/api-client';
import { type CreateRoleInput, type DataEnvelope, roleSchema, type UpdateRoleInput, dataEnvelope } from '@crm/shared/schemas';
import { roleOptionsKey } from '../../../api/get-role-options';
import { ROLES_PATH, rolesKey } from '../../../api/get-roles';

type RoleAnswer = DataEnvelope<typeof roleSchema>;

const createRoleAnswer = dataEnvelope(roleSchema);

export async function createRole(input: CreateRoleInput): Promise<RoleAnswer> {
  return createRoleAnswer.parse(await api.post<unknown>(ROLES_PATH, input));
}

const updateRoleAnswer = dataEnvelope(roleSchema);

export async function updateRole(id: number, input: UpdateRoleInput): Promise<RoleAnswer> {
  return updateRoleAnswer.parse(await api.put<unknown>(`${ROLES_PATH}/${id}`, input));
}

/** Creates (no id) or updates a role, then revalidates the cards. */
export function useSaveRole() {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (id: number | null, input: CreateRoleInput & { version?: number }) => {
      const saved = id === null ? await createRole(input) : await updateRole(id, { ...input, version: input.version ?? 1 });
      await Promise.all([mutate(rolesKey), mutate(roleOptionsKey)]);
      return saved.data;
    },
    [mutate],
  );
}
