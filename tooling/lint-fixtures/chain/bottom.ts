export const bottom = 'bottom';
