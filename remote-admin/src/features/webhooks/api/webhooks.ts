import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { z } from 'zod';
import { api, type ApiError } from '@crm/shared/api-client';
import {
  type CreateWebhookInput,
  type UpdateWebhookInput,
  type Webhook,
  type WebhookDelivery,
  webhookDeliverySchema,
  webhookSchema,
  webhookWithSecretSchema,
} from '@crm/shared/schemas';

export const WEBHOOKS_PATH = '/webhooks';
export const webhooksKey = [WEBHOOKS_PATH] as const;
export const deliveriesKey = (id: number) => [`${WEBHOOKS_PATH}/${id}/deliveries`] as const;

const listAnswer = z.object({ data: z.array(webhookSchema) });
const savedAnswer = z.object({ data: z.union([webhookWithSecretSchema, webhookSchema]) });
const deliveryAnswer = z.object({ data: webhookDeliverySchema });
const deliveriesAnswer = z.object({ data: z.array(webhookDeliverySchema) });

/** GET /api/webhooks (manage webhooks): never the secrets. */
export function useWebhooks() {
  return useSWR<Webhook[], ApiError>(webhooksKey, async () => listAnswer.parse(await api.get<unknown>(WEBHOOKS_PATH)).data);
}

/** GET /api/webhooks/{id}/deliveries: the newest attempts first. */
export function useDeliveries(id: number) {
  return useSWR<WebhookDelivery[], ApiError>(deliveriesKey(id), async ([path]: readonly [string]) => deliveriesAnswer.parse(await api.get<unknown>(path)).data);
}

/** A saved webhook, with its secret when this save created or replaced it (the only time the API shows it). */
export type SavedWebhook = Webhook & { secret?: string };

/** Create, change, delete and test; each revalidates the list (and the log after a test). */
export function useWebhookActions() {
  const { mutate } = useSWRConfig();
  return {
    create: useCallback(
      async (input: CreateWebhookInput): Promise<SavedWebhook> => {
        const { data } = savedAnswer.parse(await api.post<unknown>(WEBHOOKS_PATH, input));
        await mutate(webhooksKey);
        return data;
      },
      [mutate],
    ),
    update: useCallback(
      async (id: number, input: UpdateWebhookInput): Promise<SavedWebhook> => {
        const { data } = savedAnswer.parse(await api.patch<unknown>(`${WEBHOOKS_PATH}/${id}`, input));
        await mutate(webhooksKey);
        return data;
      },
      [mutate],
    ),
    remove: useCallback(
      async (id: number) => {
        await api.delete<unknown>(`${WEBHOOKS_PATH}/${id}`);
        await mutate(webhooksKey);
      },
      [mutate],
    ),
    sendTest: useCallback(
      async (id: number): Promise<WebhookDelivery> => {
        const { data } = deliveryAnswer.parse(await api.post<unknown>(`${WEBHOOKS_PATH}/${id}/test`));
        await mutate(deliveriesKey(id));
        return data;
      },
      [mutate],
    ),
  };
}
