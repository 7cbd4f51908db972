import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { api } from '@crm/shared/api-client';
import { type DataEnvelope, type MessageAnswer, type PermissionInput, permissionSchema, messageSchema, dataEnvelope } from '@crm/shared/schemas';
import { PERMISSIONS_PATH, permissionsKey } from '../../../api/get-permissions';

type PermissionAnswer = DataEnvelope<typeof permissionSchema>;

const createPermissionAnswer = dataEnvelope(permissionSchema);

export async function createPermission(input: PermissionInput): Promise<PermissionAnswer> {
  return createPermissionAnswer.parse(await api.post<unknown>(PERMISSIONS_PATH, input));
}

const updatePermissionAnswer = dataEnvelope(permissionSchema);

export async function updatePermission(id: number, input: PermissionInput): Promise<PermissionAnswer> {
  return updatePermissionAnswer.parse(await api.put<unknown>(`${PERMISSIONS_PATH}/${id}`, input));
}

export async function deletePermission(id: number): Promise<MessageAnswer> {
  return messageSchema.parse(await api.delete<unknown>(`${PERMISSIONS_PATH}/${id}`));
}

/** Creates (no id) or updates a permission, then revalidates the table. */
export function useSavePermission() {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (id: number | null, input: PermissionInput) => {
      const saved = id === null ? await createPermission(input) : await updatePermission(id, input);
      await mutate(permissionsKey);
      return saved.data;
    },
    [mutate],
  );
}

export function useDeletePermission() {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (id: number) => {
      await deletePermission(id);
      await mutate(permissionsKey);
    },
    [mutate],
  );
}
