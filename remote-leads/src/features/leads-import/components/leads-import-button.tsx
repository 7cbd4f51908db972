import { useState } from 'react';
import { Can } from '@crm/shared/abilities/react';
import { Button } from '@crm/shared/ui';
import { IconUpload } from './icon-upload';
import { LeadsImportDialog } from './leads-import-dialog';

export interface LeadsImportButtonProps {
  /** Called when the wizard closes after an import has started, so the list can revalidate. */
  onImported?: () => void;
}

/** 'Импорт': opens the CSV import wizard. Shown only with `create lead`, which the import calls require. */
export function LeadsImportButton({ onImported }: LeadsImportButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <Can I="create" a="lead">
      <Button variant="secondary" startIcon={<IconUpload size={18} />} onClick={() => setOpen(true)}>
        Импорт
      </Button>
      <LeadsImportDialog
        open={open}
        onClose={(imported) => {
          setOpen(false);
          if (imported) onImported?.();
        }}
      />
    </Can>
  );
}
