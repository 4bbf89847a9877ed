import { can, type Invoice } from '@atendo/shared';
import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../app/store';
import { AppLink } from '../../../components/AppLink';
import { type ListColumn, ListPage } from '../../../components/ListPage';
import { useListInvoicesInfiniteQuery, useSubscriptionStateQuery } from '../invoices.api';
import { selectSessionUser } from '../../auth/auth.slice';
import { CheckoutModal } from './CheckoutModal';
import { invoiceColumns } from './invoice-columns';
import { InvoicesOverview } from './InvoicesOverview';

const useStyles = makeStyles({
  // Spec §2: unpaid invoices past their due date are tinted.
  overdue: { backgroundColor: tokens.colorPaletteRedBackground1 },
});

const invoicesOf = (page: Invoice[]) => page;

/**
 * /financeiro: the company's invoices, with a Pix checkout for the ones still to pay; for the
 * platform's super-admin, every company's invoices instead.
 */
export function InvoicesPage() {
  const user = useAppSelector(selectSessionUser);
  return can(user, 'companies:manage') ? <InvoicesOverview /> : <CompanyInvoices />;
}

function CompanyInvoices() {
  const { t } = useTranslation();
  const styles = useStyles();
  const { data: subscription } = useSubscriptionStateQuery();
  const [paying, setPaying] = useState<Invoice | null>(null);
  const { id, detail, value, dueDate, status } = invoiceColumns<Invoice>(t);
  const columns: ListColumn<Invoice>[] = [id, detail, value, dueDate, status];

  return (
    <>
      <ListPage
        title={t('invoices.title')}
        layout="page"
        useQuery={useListInvoicesInfiniteQuery}
        rowsOf={invoicesOf}
        columns={columns}
        rowProps={(invoice) => ({
          className: invoice.status === 'expired' ? styles.overdue : undefined,
          'data-status': invoice.status,
        })}
        toolbar={<AppLink to="/subscription">{t('invoices.subscriptionLink')}</AppLink>}
        actions={{
          label: t('common.actions'),
          width: '120px',
          cell: (invoice) =>
            invoice.status === 'paid' ? (
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
            ),
        }}
        empty={t('invoices.empty')}
        noMatches={t('invoices.noMatches')}
      />
      {paying && (
        <CheckoutModal
          invoice={paying}
          currentPlanId={subscription?.plan?.id ?? null}
          onClose={() => setPaying(null)}
        />
      )}
    </>
  );
}
