import useSWR from 'swr';
import { api, type ApiError } from '@crm/shared/api-client';
import type { DataListEnvelope, phoneDuplicateSchema, PhoneDuplicatesQuery } from '@crm/shared/schemas';
import { parseWithSchemas } from '../../../api/parse-with-schemas';

export type PhoneDuplicatesResponse = DataListEnvelope<typeof phoneDuplicateSchema>;

export const PHONE_DUPLICATES_PATH = '/leads/phone-duplicates';

export const phoneDuplicatesKey = (query: PhoneDuplicatesQuery) => [PHONE_DUPLICATES_PATH, query.phone, query.exclude_id ?? null] as const;

const parsePhoneDuplicatesAnswer = parseWithSchemas(({ dataEnvelope, phoneDuplicateSchema }) => dataEnvelope(phoneDuplicateSchema.array()));

/** GET /api/leads/phone-duplicates: up to 5 leads the caller may see with the same number. */
export async function getPhoneDuplicates(query: PhoneDuplicatesQuery): Promise<PhoneDuplicatesResponse> {
  return parsePhoneDuplicatesAnswer(api.get<unknown>(PHONE_DUPLICATES_PATH, { phone: query.phone, exclude_id: query.exclude_id }));
}

/** Fewer digits than this cannot be a whole number yet: no call while the user is still typing one. */
const MIN_DIGITS = 7;

/** The leads that share `phone` (null waits); `excludeId` is the lead being edited. */
export function usePhoneDuplicates(phone: string | null, excludeId: number | null) {
  const digits = phone?.replace(/\D/g, '') ?? '';
  const query: PhoneDuplicatesQuery | null = phone && digits.length >= MIN_DIGITS ? { phone, exclude_id: excludeId ?? undefined } : null;
  return useSWR<PhoneDuplicatesResponse, ApiError>(query ? phoneDuplicatesKey(query) : null, () => getPhoneDuplicates(query!), {
    keepPreviousData: true,
    revalidateOnFocus: false,
  });
}
