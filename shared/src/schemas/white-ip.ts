import { z } from 'zod';
import { textSchema } from './text';
import { ERROR_CODE } from './mini/api-error';

const ADDRESS_MESSAGE = 'Укажите адрес IPv4 или IPv6 либо диапазон, например 10.0.0.0/8 или 2001:db8::/32';

/** Whether the text is one IPv4/IPv6 address or CIDR range (zod's own validators; no hand-written parsing). */
export function isIpOrCidr(value: string): boolean {
  return [z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()].some((format) => format.safeParse(value).success);
}

/** An entry of the IP allow-list (/white-ip/list; its fields are ours, not the spec's: docs/decisions/025). */
export const whiteIpSchema = z.object({
  id: z.number().int(),
  address: z.string(),
  comment: z.string(),
  created_by: z.object({ id: z.number().int(), name: z.string(), email: z.string() }).nullable(),
  created_at: z.string(),
  version: z.number().int(),
});
export type WhiteIp = z.infer<typeof whiteIpSchema>;

/** GET /api/white-ips: the entries, whether they are enforced, and the address the server sees for the caller. */
export const whiteIpListSchema = z.object({
  data: z.array(whiteIpSchema),
  meta: z.object({ enforced: z.boolean(), your_ip: z.string() }),
});
export type WhiteIpList = z.infer<typeof whiteIpListSchema>;

const addressSchema = textSchema({ error: ADDRESS_MESSAGE })
  .trim()
  .toLowerCase()
  .max(64, ADDRESS_MESSAGE)
  .refine(isIpOrCidr, ADDRESS_MESSAGE);

/**
 * `confirm: true` saves a change that leaves the caller's own address outside the list; without it such a change
 * answers 409 `IP_LOCKOUT`.
 */
export const createWhiteIpInputSchema = z.object({
  address: addressSchema,
  comment: textSchema({ error: 'Укажите комментарий' }).trim().max(500, 'Не больше 500 символов').default(''),
  confirm: z.boolean({ error: 'Укажите true или false' }).default(false),
});
export type CreateWhiteIpInput = z.input<typeof createWhiteIpInputSchema>;

/** PUT /api/white-ips/{id}: `version` is the one the form loaded (409 when someone saved in between). */
export const updateWhiteIpInputSchema = z.object({
  address: addressSchema.optional(),
  comment: textSchema({ error: 'Укажите комментарий' }).trim().max(500, 'Не больше 500 символов').optional(),
  version: z.number({ error: 'Обновите запись' }).int().min(1),
  confirm: z.boolean({ error: 'Укажите true или false' }).default(false),
});
export type UpdateWhiteIpInput = z.input<typeof updateWhiteIpInputSchema>;

/** DELETE /api/white-ips/{id}?confirm=true */
export const deleteWhiteIpQuerySchema = z.object({
  confirm: z.enum(['true', 'false'], 'Укажите true или false').optional().transform((v) => v === 'true'),
});

/** The 403 every API call answers from an address outside an enforced list; the front end names `ip`. */
export const ipNotAllowedSchema = z.object({ code: z.literal(ERROR_CODE.IP_NOT_ALLOWED), message: z.string(), ip: z.string() });
