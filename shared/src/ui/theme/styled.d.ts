import 'styled-components';
import type { AppTheme } from './app-theme';

// Types `props.theme` in every styled component of every package that imports @crm/shared/ui.
declare module 'styled-components' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- augmentation needs an interface
  export interface DefaultTheme extends AppTheme {}
}
