/**
 * The i18next namespace of the two-factor screens: fetched by the first screen that needs it (the sign-in page, the
 * account tab), so the first load of the other pages does not carry its texts (docs/decisions/071).
 */
export const TWO_FACTOR_NS = 'twoFactor';
