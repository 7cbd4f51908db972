import { ERROR_CODES } from '@crm/shared/schemas/mini';
import { ABORTED_CODE, ApiError, errorMessage } from './api-error';

describe('errorMessage', () => {
  it("shows a server error's code in the screen's language, never the server's English", () => {
    const forbidden = new ApiError(403, 'This action is unauthorized.', { code: 'FORBIDDEN' });
    expect(errorMessage(forbidden, 'ru')).toBe('Недостаточно прав для этого действия.');
    expect(errorMessage(forbidden)).toBe('Недостаточно прав для этого действия.');
    expect(errorMessage(forbidden, 'en')).toBe('You are not allowed to do this.');
    expect(errorMessage(forbidden, 'fr')).not.toBe('This action is unauthorized.');
    expect(errorMessage(forbidden, 'ar')).not.toBe('This action is unauthorized.');
  });

  it('says a 500, an unknown code and an unreachable server in the language too', () => {
    expect(errorMessage(new ApiError(500, 'Something went wrong'), 'ru')).toBe('Что-то пошло не так. Попробуйте ещё раз.');
    expect(errorMessage(new ApiError(0, 'Failed to fetch'), 'ru')).toBe('Нет связи с сервером. Проверьте подключение и попробуйте ещё раз.');
    expect(errorMessage(new ApiError(0, 'aborted', { code: ABORTED_CODE }), 'ru')).toBe('Отменено.');
  });

  it('reads an answer without a code (a proxy, an older API) by its status', () => {
    expect(errorMessage(new ApiError(403, 'Forbidden'), 'ru')).toBe('Недостаточно прав для этого действия.');
    expect(errorMessage(new ApiError(404, 'Not Found'), 'ru')).toBe('Запись не найдена: возможно, её уже удалили.');
    expect(errorMessage(new ApiError(502, 'Bad Gateway'), 'ru')).toBe('Что-то пошло не так. Попробуйте ещё раз.');
  });

  it('has a Russian text for every code', () => {
    for (const code of ERROR_CODES) {
      expect(errorMessage(new ApiError(400, 'English', { code }), 'ru')).toMatch(/[а-яё]/i);
    }
  });

  it("keeps the client's own messages, which are already in the screen's language", () => {
    expect(errorMessage(new Error('Ничего не изменено.'), 'ru')).toBe('Ничего не изменено.');
    expect(errorMessage('текст', 'ru')).toBe('текст');
  });
});

it("fills the answer's address into the lock-out warning", () => {
  const lockout = new ApiError(409, 'After this change your own address 10.0.0.1 is no longer allowed…', { code: 'IP_LOCKOUT', body: { ip: '10.0.0.1' } });
  expect(errorMessage(lockout, 'ru')).toBe('После этого изменения ваш адрес 10.0.0.1 больше не будет разрешён и вы потеряете доступ. Сохранить всё равно?');
});
