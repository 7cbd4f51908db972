import { z } from 'zod/mini';
import { INT4_MAX } from './id';

/** `{ data }`: the envelope of every single-entity and plain-list answer ("data.data is …"). */
export const dataEnvelope = <T extends z.core.SomeType>(item: T) => z.object({ data: item });
/** The answer type of `dataEnvelope(item)`: `DataEnvelope<typeof leadDetailSchema>` is `{ data: LeadDetail }`. */
export type DataEnvelope<T extends z.core.SomeType> = z.infer<ReturnType<typeof dataEnvelope<T>>>;
/** The answer type of `dataEnvelope(z.array(item))`, a whole list: `DataListEnvelope<typeof userSchema>` is `{ data: User[] }`. */
export type DataListEnvelope<T extends z.core.SomeType> = DataEnvelope<z.ZodMiniArray<T>>;

/** Page sizes offered everywhere. */
export const PER_PAGE_OPTIONS = [5, 10, 20, 25, 50, 100] as const;
export const DEFAULT_PER_PAGE = 25;

export const paginationMetaSchema = z.object({
  current_page: z.number().check(z.int()),
  per_page: z.number().check(z.int()),
  total: z.number().check(z.int()),
  last_page: z.number().check(z.int()),
});
export type PaginationMeta = z.infer<typeof paginationMetaSchema>;

/** `{ data, meta }`: the envelope of every paginated list. */
export const paginated = <T extends z.core.SomeType>(item: T) =>
  z.object({ data: z.array(item), meta: paginationMetaSchema });
/** The answer type of `paginated(item)`: `Paginated<typeof leadListItemSchema>` is `{ data: LeadListItem[]; meta }`. */
export type Paginated<T extends z.core.SomeType> = z.infer<ReturnType<typeof paginated<T>>>;

export const perPageSchema = z.coerce.number().check(
  z.int(),
  z.refine((n) => (PER_PAGE_OPTIONS as readonly number[]).includes(n), {
    message: `per_page must be one of ${PER_PAGE_OPTIONS.join(', ')}`,
  }),
);

export const pageQuerySchema = z.object({
  page: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(INT4_MAX)), 1),
  per_page: z._default(perPageSchema, DEFAULT_PER_PAGE),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;
