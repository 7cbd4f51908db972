// Imports bottom, which imports nothing back: no cycle.
import { bottom } from './bottom';

export const top = (): string => `top${bottom}`;
