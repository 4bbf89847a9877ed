import type { Invoice } from '@atendo/shared';
import {
  Badge,
  Button,
  Field,
  makeStyles,
  mergeClasses,
  SearchBox,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  tokens,
} from '@fluentui/react-components';
import { type UIEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDebouncedValue } from '../../../app/hooks';
import { formatDate, formatMoney } from '../../../app/format';
import { ListStatus } from '../../../components/ListStatus';
import { PageHeader } from '../../../components/PageHeader';
import { useListInvoicesInfiniteQuery, useSubscriptionStateQuery } from '../invoices.api';
import { CheckoutModal } from './CheckoutModal';

/** Spec §9: searches wait 500 ms; the next page loads within 100 px of the bottom. */
const SEARCH_DEBOUNCE_MS = 500;
const LOAD_MORE_THRESHOLD_PX = 100;

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, minHeight: 0, flexGrow: 1 },
  scroller: {
    flexGrow: 1,
    minHeight: '240px',
    maxHeight: 'calc(100vh - 220px)',
    overflowY: 'auto',
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow4,
  },
  // Spec §2: unpaid invoices past their due date are tinted.
  overdue: { backgroundColor: tokens.colorPaletteRedBackground1 },
  idColumn: { width: '80px' },
  actionColumn: { width: '120px' },
});

const STATUS_COLOR = { paid: 'success', open: 'informative', expired: 'danger' } as const;

/** /financeiro: the company's invoices, with a Pix checkout for the ones still to pay. */
export function InvoicesPage() {
  const { t } = useTranslation();
  const styles = useStyles();
  const [search, setSearch] = useState('');
  const searchParam = useDebouncedValue(search.trim().toLowerCase(), SEARCH_DEBOUNCE_MS);
  const { data, error, isLoading, isFetching, hasNextPage, fetchNextPage } = useListInvoicesInfiniteQuery(searchParam);
  const { data: subscription } = useSubscriptionStateQuery();
  const [paying, setPaying] = useState<Invoice | null>(null);

  const invoices = useMemo(() => {
    const seen = new Set<number>();
    return (data?.pages ?? []).flat().filter((i) => !seen.has(i.id) && !!seen.add(i.id));
  }, [data]);

  const scroller = useRef<HTMLDivElement>(null);
  const loadMoreIfNearBottom = (element: HTMLDivElement) => {
    const { scrollTop, scrollHeight, clientHeight } = element;
    if (scrollHeight - scrollTop - clientHeight < LOAD_MORE_THRESHOLD_PX && hasNextPage && !isFetching) {
      void fetchNextPage();
    }
  };
  const onScroll = (event: UIEvent<HTMLDivElement>) => loadMoreIfNearBottom(event.currentTarget);
  useEffect(() => {
    if (scroller.current) loadMoreIfNearBottom(scroller.current);
  });

  return (
    <div className={styles.page}>
      <PageHeader title={t('invoices.title')}>
        <Field label={t('common.search')}>
          <SearchBox value={search} onChange={(_event, value) => setSearch(value.value)} />
        </Field>
        <Link to="/subscription">{t('invoices.subscriptionLink')}</Link>
      </PageHeader>
      <div ref={scroller} className={styles.scroller} onScroll={onScroll}>
        <Table aria-label={t('invoices.title')}>
          <TableHeader>
            <TableRow>
              <TableHeaderCell className={styles.idColumn}>{t('invoices.columns.id')}</TableHeaderCell>
              <TableHeaderCell>{t('invoices.columns.detail')}</TableHeaderCell>
              <TableHeaderCell>{t('invoices.columns.value')}</TableHeaderCell>
              <TableHeaderCell>{t('invoices.columns.dueDate')}</TableHeaderCell>
              <TableHeaderCell>{t('invoices.columns.status')}</TableHeaderCell>
              <TableHeaderCell className={styles.actionColumn}>{t('common.actions')}</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {invoices.map((invoice) => (
              <TableRow
                key={invoice.id}
                className={mergeClasses(invoice.status === 'expired' && styles.overdue)}
                data-status={invoice.status}
              >
                <TableCell>{invoice.id}</TableCell>
                <TableCell>
                  {t('invoices.detail', {
                    plan: invoice.detail,
                    recurrence: t(`invoices.recurrence.${invoice.recurrence}`),
                  })}
                </TableCell>
                <TableCell>{formatMoney(invoice.value)}</TableCell>
                <TableCell>{formatDate(invoice.dueDate)}</TableCell>
                <TableCell>
                  <Badge appearance="tint" color={STATUS_COLOR[invoice.status]}>
                    {t(`invoices.status.${invoice.status}`)}
                  </Badge>
                </TableCell>
                <TableCell>
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
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <ListStatus
          loading={isLoading || isFetching}
          error={error}
          empty={invoices.length === 0 && (searchParam ? t('invoices.noMatches') : t('invoices.empty'))}
        />
      </div>
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
