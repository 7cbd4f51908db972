/** The `:id` route parameter as a lead id, or null when it cannot be one (the page then says the lead is not found). */
export function parseLeadId(raw: string | undefined): number | null {
  if (raw === undefined || !/^\d+$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 && Number.isSafeInteger(id) ? id : null;
}
