import { createContext } from 'react';
import { createAbility, type AppAbility } from '../create-ability';

// Without a provider nothing is allowed: a component rendered outside the shell must fail closed.
export const AbilityContext = createContext<AppAbility>(createAbility([]));
AbilityContext.displayName = 'AbilityContext';
