// Imports b, which imports this file back: import/no-cycle must report it.
import { b } from './b';

export const a = (): string => `a${b()}`;
