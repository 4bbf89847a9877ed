import {
  type InvoiceOverviewRow,
  type InvoicesOverviewPage,
  INVOICE_STATUSES,
  type InvoiceStatus,
} from '@atendo/shared';
import { Field, makeStyles, Select, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../app/format';
import { useDebouncedValue } from '../../../app/hooks';
import { type ListColumn, ListPage } from '../../../components/ListPage';
import { SearchCombobox } from '../../../components/SearchCombobox';
import { useListCompaniesInfiniteQuery } from '../../companies/companies.api';
import { useListInvoicesOverviewInfiniteQuery } from '../invoices.api';
import { invoiceColumns } from './invoice-columns';

const useStyles = makeStyles({
  // Spec §2: unpaid invoices past their due date are tinted, as on a company's own page.
  overdue: { backgroundColor: tokens.colorPaletteRedBackground1 },
  filters: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: tokens.spacingHorizontalM },
  company: { minWidth: '260px' },
});

/** The company search waits this long after the last key, like the lists' searches. */
const COMPANY_SEARCH_DEBOUNCE_MS = 500;

const invoicesOf = (page: InvoicesOverviewPage) => page.invoices;

/** The company filter: companies searched by name (GET /companies answers 20 a page). */
function CompanyFilter({ onSelect }: { onSelect: (id: number | null) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim().toLowerCase(), COMPANY_SEARCH_DEBOUNCE_MS);
  const { data, isFetching } = useListCompaniesInfiniteQuery(search);
  const options = (data?.pages ?? [])
    .flatMap((page) => page.companies)
    .filter((company) => !company.isPlatform)
    .map((company) => ({ id: company.id, text: company.name }));
  return (
    <SearchCombobox
      placeholder={t('invoices.overview.companyPlaceholder')}
      text={text}
      onTextChange={setText}
      // Typing clears the choice (every company) until a company is picked.
      onSelect={onSelect}
      searching={isFetching}
      options={options}
    />
  );
}

/**
 * /financeiro for the platform's super-admin: every company's invoices and payments, narrowed to
 * a company (searched by name) and a status.
 */
export function InvoicesOverview() {
  const { t } = useTranslation();
  const styles = useStyles();
  const [status, setStatus] = useState<InvoiceStatus | ''>('');
  const [companyId, setCompanyId] = useState<number | null>(null);
  // Filters rather than a search: the page's query takes them, the search box is not shown.
  const useOverview = () => useListInvoicesOverviewInfiniteQuery({ status, companyId });

  const { id, detail, value, dueDate, status: statusColumn } = invoiceColumns<InvoiceOverviewRow>(t);
  const columns: ListColumn<InvoiceOverviewRow>[] = [
    id,
    { key: 'company', label: t('invoices.overview.company'), cell: (invoice) => invoice.companyName },
    detail,
    value,
    dueDate,
    statusColumn,
    {
      key: 'paidAt',
      label: t('invoices.overview.paidAt'),
      cell: (invoice) => (invoice.paidAt ? formatDate(invoice.paidAt) : '—'),
    },
  ];

  const filters = (
    <div className={styles.filters}>
      <Field label={t('invoices.overview.company')} className={styles.company}>
        <CompanyFilter onSelect={setCompanyId} />
      </Field>
      <Field label={t('invoices.overview.status')}>
        <Select value={status} onChange={(_event, data) => setStatus(data.value as InvoiceStatus | '')}>
          <option value="">{t('invoices.overview.allStatuses')}</option>
          {INVOICE_STATUSES.map((value) => (
            <option key={value} value={value}>
              {t(`invoices.status.${value}`)}
            </option>
          ))}
        </Select>
      </Field>
    </div>
  );

  return (
    <ListPage
      title={t('invoices.overview.title')}
      layout="page"
      useQuery={useOverview}
      rowsOf={invoicesOf}
      columns={columns}
      searchable={false}
      toolbar={filters}
      rowProps={(invoice) => ({
        className: invoice.status === 'expired' ? styles.overdue : undefined,
        'data-status': invoice.status,
      })}
      empty={status || companyId ? t('invoices.overview.noMatches') : t('invoices.overview.empty')}
    />
  );
}
