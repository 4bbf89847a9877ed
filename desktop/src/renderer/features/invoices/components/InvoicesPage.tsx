import type { Invoice } from '@atendo/shared';
import {
  Badge,
  Button,
  makeStyles,
  mergeClasses,
  TableBody,
  TableHeader,
  TableHeaderCell,
  TableRow,
  tokens,
} from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../components/AppLink';
import { formatDate, formatMoney } from '../../../app/format';
import { useInfiniteRows, useListSearch } from '../../../components/list-hooks';
import { ListScroller, SearchField } from '../../../components/ListFrame';
import { ListStatus } from '../../../components/ListStatus';
import { PageHeader } from '../../../components/PageHeader';
import { ResponsiveCell, ResponsiveRow, ResponsiveTable } from '../../../components/ResponsiveTable';
import { useListInvoicesInfiniteQuery, useSubscriptionStateQuery } from '../invoices.api';
import { CheckoutModal } from './CheckoutModal';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, minHeight: 0, flexGrow: 1 },
  // Spec §2: unpaid invoices past their due date are tinted.
  overdue: { backgroundColor: tokens.colorPaletteRedBackground1 },
  idColumn: { width: '80px' },
  actionColumn: { width: '120px' },
});

const STATUS_COLOR = { paid: 'success', open: 'informative', expired: 'danger' } as const;

const invoicesOf = (page: Invoice[]) => page;

/** /financeiro: the company's invoices, with a Pix checkout for the ones still to pay. */
export function InvoicesPage() {
  const { t } = useTranslation();
  const styles = useStyles();
  const { search, setSearch, searchParam } = useListSearch();
  const query = useListInvoicesInfiniteQuery(searchParam);
  const { error, isLoading, isFetching } = query;
  const { rows: invoices, scrollerProps } = useInfiniteRows(query, invoicesOf);
  const { data: subscription } = useSubscriptionStateQuery();
  const [paying, setPaying] = useState<Invoice | null>(null);
  const columns = {
    id: t('invoices.columns.id'),
    detail: t('invoices.columns.detail'),
    value: t('invoices.columns.value'),
    dueDate: t('invoices.columns.dueDate'),
    status: t('invoices.columns.status'),
  };

  return (
    <div className={styles.page}>
      <PageHeader title={t('invoices.title')}>
        <SearchField value={search} onChange={setSearch} />
        <AppLink to="/subscription">{t('invoices.subscriptionLink')}</AppLink>
      </PageHeader>
      <ListScroller layout="page" {...scrollerProps}>
        <ResponsiveTable aria-label={t('invoices.title')}>
          <TableHeader>
            <TableRow>
              <TableHeaderCell className={styles.idColumn}>{columns.id}</TableHeaderCell>
              <TableHeaderCell>{columns.detail}</TableHeaderCell>
              <TableHeaderCell>{columns.value}</TableHeaderCell>
              <TableHeaderCell>{columns.dueDate}</TableHeaderCell>
              <TableHeaderCell>{columns.status}</TableHeaderCell>
              <TableHeaderCell className={styles.actionColumn}>{t('common.actions')}</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {invoices.map((invoice) => (
              <ResponsiveRow
                key={invoice.id}
                className={mergeClasses(invoice.status === 'expired' && styles.overdue)}
                data-status={invoice.status}
              >
                <ResponsiveCell label={columns.id}>{invoice.id}</ResponsiveCell>
                <ResponsiveCell label={columns.detail}>
                  {t('invoices.detail', {
                    plan: invoice.detail,
                    recurrence: t(`invoices.recurrence.${invoice.recurrence}`),
                  })}
                </ResponsiveCell>
                <ResponsiveCell label={columns.value}>{formatMoney(invoice.value)}</ResponsiveCell>
                <ResponsiveCell label={columns.dueDate}>{formatDate(invoice.dueDate)}</ResponsiveCell>
                <ResponsiveCell label={columns.status}>
                  <Badge appearance="tint" color={STATUS_COLOR[invoice.status]}>
                    {t(`invoices.status.${invoice.status}`)}
                  </Badge>
                </ResponsiveCell>
                <ResponsiveCell>
                  {invoice.status === 'paid' ? (
                    <Button size="small" disabled>
                      {t('invoices.paid')}
                    </Button>
                  ) : (
                    <Button
                      size="small"
                      appearance="primary"
                      aria-label={t('invoices.payNamed', { id: invoice.id })}
                      onClick={() => setPaying(invoice)}
                    >
                      {t('invoices.pay')}
                    </Button>
                  )}
                </ResponsiveCell>
              </ResponsiveRow>
            ))}
          </TableBody>
        </ResponsiveTable>
        <ListStatus
          loading={isLoading || isFetching}
          error={error}
          empty={invoices.length === 0 && (searchParam ? t('invoices.noMatches') : t('invoices.empty'))}
        />
      </ListScroller>
      {paying && (
        <CheckoutModal
          invoice={paying}
          currentPlanId={subscription?.plan?.id ?? null}
          onClose={() => setPaying(null)}
        />
      )}
    </div>
  );
}
