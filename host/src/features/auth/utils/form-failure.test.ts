import { ApiError } from '@crm/shared/api-client';
import { formFailureMessage } from './form-failure';

const texts = { tooManyAttempts: 'slow down', fallback: 'failed' };

describe('formFailureMessage', () => {
  test('nothing without an error', () => {
    expect(formFailureMessage(null, ['email'], texts)).toBeUndefined();
  });

  test('429 has its own text', () => {
    expect(formFailureMessage(new ApiError(429, 'Too Many Requests'), ['email'], texts)).toBe('slow down');
  });

  test('422 on a shown field is left to the field', () => {
    expect(formFailureMessage(new ApiError(422, 'Invalid', { errors: { email: ['bad'] } }), ['email'], texts)).toBeUndefined();
  });

  test('422 on a field the form lacks is shown', () => {
    const error = new ApiError(422, 'Invalid', { errors: { token: ['This link has expired', 'other'] } });
    expect(formFailureMessage(error, ['password'], texts)).toBe('This link has expired');
  });

  test('network and server failures get the fallback', () => {
    expect(formFailureMessage(new ApiError(0, 'unreachable'), [], texts)).toBe('failed');
    expect(formFailureMessage(new ApiError(503, 'Server Error'), [], texts)).toBe('failed');
    expect(formFailureMessage(new Error('boom'), [], texts)).toBe('failed');
  });
});
