import { ApiError } from '@crm/shared/api-client';
import { mockFetch } from '@crm/shared/testing';
import { getLead } from './get-lead';
import { createLead } from './create-lead';

describe('lead fetchers', () => {
  it('answer the lead as the shared schema reads it, without fields the contract does not name', async () => {
    const lead = {
      id: 7,
      surname: 'Иванов',
      firstname: 'Иван',
      patronymic: '',
      phone: '+7 900 123-45-67',
      status_id: null,
      additional_info: '',
      users: [],
      created_by: 1,
      created_at: '2025-03-15T12:00:00.000Z',
      updated_at: '2025-03-15T12:00:00.000Z',
      version: 1,
      status: null,
      responsible: [],
      is_favorite: false,
      creator: null,
      updated_by: null,
    };
    mockFetch({ 'GET /api/leads/7': { body: { data: { ...lead, internal_note: 'not in the contract' } } } });
    await expect(getLead(7)).resolves.toEqual({ data: lead });
  });

  it('refuse an answer that is not a lead instead of handing it on as one', async () => {
    mockFetch({ 'POST /api/leads': { status: 201, body: { data: { id: 7 } } } });
    await expect(createLead({} as never)).rejects.toThrow(/surname/);
  });

  it("reject a refused request with the API's own error, not a parsing one", async () => {
    mockFetch({ 'GET /api/leads/8': { status: 404, body: { message: 'Лид не найден' } } });
    const failure = await getLead(8).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 404, message: 'Лид не найден' });
  });
});
