import { z } from 'zod/mini';
import { listLeadsQuerySchema } from '@crm/shared/schemas/mini';
import { lenientQuerySchema } from './lenient-query-schema';

describe('lenientQuerySchema', () => {
  const lenient = lenientQuerySchema(listLeadsQuerySchema);

  it('reads what the API accepts exactly as the API does', () => {
    const raw = { page: '2', per_page: '10', search: ' Иван ', status_id: '3', user_id: '5', favorite: '1', sort: 'phone' };
    expect(lenient.parse(raw)).toEqual(listLeadsQuerySchema.parse(raw));
    expect(lenient.parse(raw)).toEqual({ page: 2, per_page: 10, search: 'Иван', status_id: 3, user_id: 5, favorite: '1', sort: 'phone' });
  });

  it('gives each field the API would answer 422 for the value it has when absent', () => {
    const bad = { page: '-1', per_page: '7', sort: 'password', status_id: 'abc', user_id: '0', favorite: 'yes', search: 'x'.repeat(201) };
    expect(listLeadsQuerySchema.safeParse(bad).success).toBe(false);
    expect(lenient.parse(bad)).toEqual({ page: 1, per_page: 25, sort: '-created_at' });
    expect(lenient.parse({})).toEqual({ page: 1, per_page: 25, sort: '-created_at' });
  });

  it('refuses a schema with a field that has nothing to fall back to', () => {
    expect(() => lenientQuerySchema(z.object({ page: z.coerce.number() }))).toThrow('"page" needs .optional() or .default()');
  });
});
