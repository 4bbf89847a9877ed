import type { Invoice } from '@atendo/shared';
import { Badge } from '@fluentui/react-components';
import type { TFunction } from 'i18next';
import { formatDate, formatMoney } from '../../../app/format';
import type { ListColumn } from '../../../components/ListPage';

const STATUS_COLOR = { paid: 'success', open: 'informative', expired: 'danger' } as const;

/** An invoice's columns, shared by a company's own list and the super-admin's overview. */
export function invoiceColumns<Row extends Invoice>(t: TFunction) {
  const column = (key: string, cell: ListColumn<Row>['cell'], width?: string): ListColumn<Row> => ({
    key,
    label: t(`invoices.columns.${key}`),
    cell,
    ...(width ? { width } : {}),
  });
  return {
    id: column('id', (invoice) => invoice.id, '80px'),
    detail: column('detail', (invoice) =>
      t('invoices.detail', { plan: invoice.detail, recurrence: t(`invoices.recurrence.${invoice.recurrence}`) }),
    ),
    value: column('value', (invoice) => formatMoney(invoice.value)),
    dueDate: column('dueDate', (invoice) => formatDate(invoice.dueDate)),
    status: column('status', (invoice) => (
      <Badge appearance="tint" color={STATUS_COLOR[invoice.status]}>
        {t(`invoices.status.${invoice.status}`)}
      </Badge>
    )),
  };
}
