import type { ApiErrorCode } from './api-error';

/** The languages screens are written in (the kit's UiLanguage, kept here so the API client needs no UI import). */
export type ErrorTextLanguage = 'ru' | 'en' | 'fr' | 'ar';

/** What a failure says: one text per error code, plus a server error (5xx, no code) and an unreachable server. */
export type ErrorTexts = Record<ApiErrorCode | 'generic' | 'network', string>;

/**
 * The client's text for each error code, per language: a screen shows these instead of the server's English message
 * (docs/decisions/066). `{{ip}}` is filled from the answer's field of that name.
 */
export const ERROR_TEXTS: Record<'ru' | 'en', ErrorTexts> & Partial<Record<ErrorTextLanguage, ErrorTexts>> = {
  ru: {
    BAD_REQUEST: 'Сервер не понял запрос. Обновите страницу и попробуйте ещё раз.',
    UNAUTHENTICATED: 'Сеанс истёк. Войдите снова.',
    TWO_FACTOR_SETUP_REQUIRED: 'Ваша роль требует двухфакторной аутентификации. Войдите снова, чтобы настроить её.',
    FORBIDDEN: 'Недостаточно прав для этого действия.',
    GRANT_NOT_HELD: 'Нельзя выдать права, которых у вас самих нет.',
    OWN_ROLE: 'Свою роль изменить нельзя. Обратитесь к другому администратору.',
    NOT_FOUND: 'Запись не найдена: возможно, её уже удалили.',
    REQUEST_TIMEOUT: 'Запрос шёл слишком долго. Попробуйте ещё раз.',
    CONFLICT: 'Запись изменили или она ещё используется. Обновите страницу и попробуйте ещё раз.',
    STATUS_IN_USE: 'Статус назначен лидам, поэтому его нельзя удалить. Выберите статус, на который их перевести.',
    STEP_IN_USE: 'Шаг уже используется в комментариях, поэтому его нельзя удалить. Перенесите его в архив.',
    IP_NOT_ALLOWED: 'Доступ с адреса {{ip}} запрещён.',
    IP_LOCKOUT: 'После этого изменения ваш адрес {{ip}} больше не будет разрешён и вы потеряете доступ. Сохранить всё равно?',
    LEAD_VERSION_CONFLICT: 'Лида изменил кто-то другой, пока вы его редактировали.',
    DOCUMENT_VERSION_CONFLICT: 'Документ изменил кто-то другой, пока вы его редактировали.',
    TASK_VERSION_CONFLICT: 'Задачу изменил кто-то другой, пока вы её редактировали.',
    CATEGORY_IN_USE: 'В категории есть документы, поэтому её нельзя удалить. Выберите категорию, в которую их перенести.',
    PAYLOAD_TOO_LARGE: 'Файл или данные слишком большие.',
    URI_TOO_LONG: 'Адрес запроса слишком длинный.',
    UNSUPPORTED_MEDIA_TYPE: 'Этот тип данных не поддерживается.',
    VALIDATION_FAILED: 'Проверьте введённые данные.',
    RATE_LIMITED: 'Слишком много попыток. Подождите немного и попробуйте снова.',
    PASSWORD_SIGN_IN_OFF: 'Вход по паролю отключён. Войдите через единый вход.',
    IMPORT_BUSY: 'Уже идёт другой импорт. Дождитесь его окончания.',
    HEADERS_TOO_LARGE: 'Заголовки запроса слишком большие.',
    SERVICE_UNAVAILABLE: 'Сервер временно недоступен. Попробуйте через минуту.',
    ABORTED: 'Отменено.',
    generic: 'Что-то пошло не так. Попробуйте ещё раз.',
    network: 'Нет связи с сервером. Проверьте подключение и попробуйте ещё раз.',
  },
  en: {
    BAD_REQUEST: 'The server did not understand the request. Reload the page and try again.',
    UNAUTHENTICATED: 'Your session has ended. Sign in again.',
    TWO_FACTOR_SETUP_REQUIRED: 'Your role requires two-factor sign-in. Sign in again to set it up.',
    FORBIDDEN: 'You are not allowed to do this.',
    GRANT_NOT_HELD: 'You cannot grant rights you do not hold yourself.',
    OWN_ROLE: 'You cannot change your own role. Ask another administrator.',
    NOT_FOUND: 'Not found: it may have been deleted.',
    REQUEST_TIMEOUT: 'The request took too long. Try again.',
    CONFLICT: 'The record was changed or is still in use. Reload the page and try again.',
    STATUS_IN_USE: 'Leads have this status, so it cannot be deleted. Choose the status to move them to.',
    STEP_IN_USE: 'Comments use this step, so it cannot be deleted. Archive it instead.',
    IP_NOT_ALLOWED: 'Access from the address {{ip}} is not allowed.',
    IP_LOCKOUT: 'After this change your own address {{ip}} is no longer allowed and you would lose access. Save anyway?',
    LEAD_VERSION_CONFLICT: 'Someone else changed this lead while you were editing it.',
    DOCUMENT_VERSION_CONFLICT: 'Someone else changed this document while you were editing it.',
    TASK_VERSION_CONFLICT: 'Someone else changed this task while you were editing it.',
    CATEGORY_IN_USE: 'The category holds documents, so it cannot be deleted. Choose the category to move them to.',
    PAYLOAD_TOO_LARGE: 'The file or data is too large.',
    URI_TOO_LONG: 'The address is too long.',
    UNSUPPORTED_MEDIA_TYPE: 'This type of data is not supported.',
    VALIDATION_FAILED: 'Check what you entered.',
    RATE_LIMITED: 'Too many attempts. Wait a little and try again.',
    PASSWORD_SIGN_IN_OFF: 'Password sign-in is turned off. Use single sign-on.',
    IMPORT_BUSY: 'Another import is running. Wait until it ends.',
    HEADERS_TOO_LARGE: 'The request headers are too large.',
    SERVICE_UNAVAILABLE: 'The server is unavailable for a moment. Try again in a minute.',
    ABORTED: 'Cancelled.',
    generic: 'Something went wrong. Try again.',
    network: 'The server cannot be reached. Check your connection and try again.',
  },
};

/**
 * French and Arabic come with the shell's locale chunk of that language (addUiLanguage), so the first load carries only
 * Russian (the remote screens) and English (the default shell); until then those languages read English.
 */
export function addErrorTexts(lng: ErrorTextLanguage, texts: ErrorTexts): void {
  ERROR_TEXTS[lng] = texts;
}
