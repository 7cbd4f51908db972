import { z } from 'zod';
import { idSchema, INT4_MAX } from './id';

/** `{ data }`: the envelope of every single-entity and plain-list answer (§7: "data.data is …"). */
export const dataEnvelope = <T extends z.ZodType>(item: T) => z.object({ data: item });
/** The answer type of `dataEnvelope(item)`: `DataEnvelope<typeof leadDetailSchema>` is `{ data: LeadDetail }`. */
export type DataEnvelope<T extends z.ZodType> = z.infer<ReturnType<typeof dataEnvelope<T>>>;
/** The answer type of `dataEnvelope(z.array(item))`, a whole list: `DataListEnvelope<typeof userSchema>` is `{ data: User[] }`. */
export type DataListEnvelope<T extends z.ZodType> = DataEnvelope<z.ZodArray<T>>;

/** Page sizes offered everywhere (§9). */
export const PER_PAGE_OPTIONS = [5, 10, 20, 25, 50, 100] as const;
export const DEFAULT_PER_PAGE = 25;

export const paginationMetaSchema = z.object({
  current_page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
  last_page: z.number().int(),
});
export type PaginationMeta = z.infer<typeof paginationMetaSchema>;

/** `{ data, meta }`: the envelope of every paginated list. */
export const paginated = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), meta: paginationMetaSchema });
/** The answer type of `paginated(item)`: `Paginated<typeof leadListItemSchema>` is `{ data: LeadListItem[]; meta }`. */
export type Paginated<T extends z.ZodType> = z.infer<ReturnType<typeof paginated<T>>>;

export const perPageSchema = z.coerce
  .number()
  .int()
  .refine((n) => (PER_PAGE_OPTIONS as readonly number[]).includes(n), {
    message: `per_page must be one of ${PER_PAGE_OPTIONS.join(', ')}`,
  });

export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(INT4_MAX).default(1),
  per_page: perPageSchema.default(DEFAULT_PER_PAGE),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

/** `:id` of a path. An id that cannot name a row (not 1…INT4_MAX) is a 422 on `id`, like any other invalid input. */
export const idParamSchema = z.object({ id: idSchema() });
