import {
  Button,
  Field,
  makeStyles,
  mergeClasses,
  SearchBox,
  TableHeaderCell,
  tokens,
} from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';
import type { ReactNode, Ref, UIEventHandler } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from './ConfirmDialog';
import type { DeleteConfirmation } from './list-hooks';

const useStyles = makeStyles({
  surface: {
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow4,
  },
  card: { overflowX: 'auto' },
  // A page's list takes the height left under the header.
  pageScroller: { flexGrow: 1, minHeight: '240px', maxHeight: 'calc(100vh - 220px)', overflowY: 'auto' },
  // A settings tab's list leaves room for the tabs above it.
  tabScroller: { minHeight: '240px', maxHeight: 'calc(100vh - 300px)', overflow: 'auto' },
  actionsColumn: { width: '110px' },
});

/** The raised card a whole list's table sits on; it scrolls sideways when the columns do not fit. */
export function ListCard({ children }: { children: ReactNode }) {
  const styles = useStyles();
  return <div className={mergeClasses(styles.surface, styles.card)}>{children}</div>;
}

interface ListScrollerProps {
  /** Where the list stands, which sets how tall it may grow. */
  layout: 'page' | 'tab';
  ref: Ref<HTMLDivElement>;
  onScroll: UIEventHandler<HTMLDivElement>;
  /**
   * Names the list for a keyboard stop of its own: a list whose rows hold nothing to focus could
   * otherwise not be scrolled from the keyboard.
   */
  focusLabel?: string;
  children: ReactNode;
}

/** The raised card an infinitely loaded list scrolls in (its ref and onScroll: useInfiniteRows). */
export function ListScroller({ layout, ref, onScroll, focusLabel, children }: ListScrollerProps) {
  const styles = useStyles();
  const size = layout === 'page' ? styles.pageScroller : styles.tabScroller;
  const focusable = focusLabel ? { tabIndex: 0, role: 'region', 'aria-label': focusLabel } : {};
  return (
    <div ref={ref} className={mergeClasses(styles.surface, size)} onScroll={onScroll} {...focusable}>
      {children}
    </div>
  );
}

/** The header of a table's edit and delete buttons (RowActions); `width` when a row has more. */
export function ActionsHeaderCell({ width }: { width?: string }) {
  const { t } = useTranslation();
  const styles = useStyles();
  return (
    <TableHeaderCell className={styles.actionsColumn} style={width ? { width } : undefined}>
      {t('common.actions')}
    </TableHeaderCell>
  );
}

/** The button that opens a list's dialog for a new record. */
export function AddButton({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <Button appearance="primary" icon={<AddRegular />} onClick={onClick}>
      {children}
    </Button>
  );
}

/** The search box above a list (the search itself: useListSearch). */
export function SearchField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  return (
    <Field label={t('common.search')}>
      <SearchBox value={value} onChange={(_event, data) => onChange(data.value)} />
    </Field>
  );
}

interface DeleteDialogProps {
  deletion: DeleteConfirmation;
  title: string;
  message: string;
}

/** Asks before deleting a list's record (the question and the deletion: useDeleteConfirmation). */
export function DeleteDialog({ deletion, title, message }: DeleteDialogProps) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      open={!!deletion.target}
      title={title}
      message={message}
      confirmLabel={t('common.delete')}
      busy={deletion.busy}
      onConfirm={() => void deletion.confirm()}
      onCancel={deletion.cancel}
    />
  );
}
