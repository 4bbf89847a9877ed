import { Button } from '@fluentui/react-components';
import { DeleteRegular, EditRegular } from '@fluentui/react-icons';

interface RowActionsProps {
  editLabel?: string;
  deleteLabel?: string;
  /** No handler, no button (the user may not edit or delete this row). */
  onEdit?: () => void;
  onDelete?: () => void;
  deleteDisabled?: boolean;
}

/** The edit and delete buttons of a table row; the labels name the row for screen readers. */
export function RowActions({ editLabel, deleteLabel, onEdit, onDelete, deleteDisabled }: RowActionsProps) {
  return (
    <>
      {onEdit && <Button appearance="subtle" icon={<EditRegular />} aria-label={editLabel} onClick={onEdit} />}
      {onDelete && (
        <Button
          appearance="subtle"
          icon={<DeleteRegular />}
          aria-label={deleteLabel}
          disabled={deleteDisabled}
          onClick={onDelete}
        />
      )}
    </>
  );
}
