import type { AbilityAction, AbilitySubject } from '@crm/shared/schemas';
import type { ComponentType } from 'react';

/** One entry of the vertical navigation; shown only when the ability allows `action` on `subject`. */
export interface NavItem {
  to: string;
  /** i18n key of the label, e.g. `nav.leads`. */
  labelKey: string;
  icon: ComponentType<{ size?: number }>;
  action?: AbilityAction;
  subject?: AbilitySubject;
}
