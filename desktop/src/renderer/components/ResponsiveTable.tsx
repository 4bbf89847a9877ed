import {
  makeStyles,
  mergeClasses,
  Table,
  TableCell,
  type TableCellProps,
  type TableProps,
  TableRow,
  type TableRowProps,
  tokens,
} from '@fluentui/react-components';
import { PHONE_MEDIA } from './breakpoints';

const useStyles = makeStyles({
  table: {
    // Long unbroken values (e-mails, links) wrap inside their cell rather than run over the next one.
    '& td': { overflowWrap: 'anywhere' },
    // Columns side by side leave a phone a few pixels each: every row becomes a card of
    // "label value" lines instead, with its actions at the end.
    [PHONE_MEDIA]: {
      display: 'block',
      // A page's minimum table width (the connections') is for columns, which phones do not have.
      minWidth: 0,
      '& thead': { display: 'none' },
      '& tbody': { display: 'block' },
      '& tr': {
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'stretch',
        gap: tokens.spacingVerticalXXS,
        padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
      },
      '& td': {
        display: 'flex',
        alignItems: 'center',
        gap: tokens.spacingHorizontalS,
        height: 'auto',
        minHeight: '28px',
        padding: 0,
      },
      '& td[data-label]::before': {
        content: 'attr(data-label)',
        flex: '0 0 38%',
        color: tokens.colorNeutralForeground3,
      },
      '& td:not([data-label])': { justifyContent: 'flex-end' },
    },
  },
});

/*
 * A table laid out as blocks loses its table semantics in the browser: the table, its body rows
 * and their cells say what they are with explicit roles, so screen readers still read a table.
 */

/** A Fluent table whose body rows (ResponsiveRow, of ResponsiveCells) turn into stacked cards on phones. */
export function ResponsiveTable({ className, ...props }: TableProps) {
  const styles = useStyles();
  return <Table role="table" {...props} className={mergeClasses(styles.table, className)} />;
}

export function ResponsiveRow(props: TableRowProps) {
  return <TableRow role="row" {...props} />;
}

/** A body cell; its `label` (the column's header) names it on phones, where the header row is hidden. */
export function ResponsiveCell({ label, ...props }: TableCellProps & { label?: string }) {
  return <TableCell role="cell" data-label={label} {...props} />;
}
