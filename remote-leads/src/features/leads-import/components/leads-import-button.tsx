import { lazy, Suspense, useState } from 'react';
import { Can } from '@crm/shared/abilities/react';
import { Button } from '@crm/shared/ui';
import { IconUpload } from './icon-upload';

// The wizard is its own chunk, fetched on the first click: the list's first render draws only the button
// (docs/decisions/033). Once opened it stays mounted, as before.
const LeadsImportDialog = lazy(() => import('./leads-import-dialog').then((m) => ({ default: m.LeadsImportDialog })));

export interface LeadsImportButtonProps {
  /** Called when the wizard closes after an import has started, so the list can revalidate. */
  onImported?: () => void;
}

/** 'Импорт': opens the CSV import wizard. Shown only with `create lead`, which the import calls require. */
export function LeadsImportButton({ onImported }: LeadsImportButtonProps) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const openWizard = () => {
    setWanted(true);
    setOpen(true);
  };
  return (
    <Can I="create" a="lead">
      <Button variant="secondary" startIcon={<IconUpload size={18} />} onClick={openWizard}>
        Импорт
      </Button>
      {wanted ? (
        <Suspense fallback={null}>
          <LeadsImportDialog
            open={open}
            onClose={(imported) => {
              setOpen(false);
              if (imported) onImported?.();
            }}
          />
        </Suspense>
      ) : null}
    </Can>
  );
}
