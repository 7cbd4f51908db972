import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { api } from '@crm/shared/api-client';
import { type MessageAnswer, messageSchema } from '@crm/shared/schemas';
import { roleOptionsKey } from '../../../api/get-role-options';
import { ROLES_PATH, rolesKey } from '../../../api/get-roles';

export async function deleteRole(id: number): Promise<MessageAnswer> {
  return messageSchema.parse(await api.delete<unknown>(`${ROLES_PATH}/${id}`));
}

export function useDeleteRole() {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (id: number) => {
      await deleteRole(id);
      await Promise.all([mutate(rolesKey), mutate(roleOptionsKey)]);
    },
    [mutate],
  );
}
