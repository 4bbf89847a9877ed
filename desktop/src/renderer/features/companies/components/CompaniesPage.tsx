import { type CompaniesPage, type Company, daysUntil, dueDateTone } from '@atendo/shared';
import { Badge, makeStyles, Text, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../app/format';
import { type ListColumn, ListPage } from '../../../components/ListPage';
import { useDeleteCompanyMutation, useListCompaniesInfiniteQuery } from '../companies.api';
import { CompanyModal } from './CompanyModal';

const useStyles = makeStyles({
  // Spec §4: rows tinted by the days left until the due date (rule and boundaries: dueDateTone).
  yellow: { backgroundColor: tokens.colorPaletteYellowBackground2 },
  orange: { backgroundColor: tokens.colorPaletteMarigoldBackground2 },
  red: { backgroundColor: tokens.colorPaletteRedBackground2 },
  due: { display: 'flex', flexDirection: 'column' },
});

const companiesOf = (page: CompaniesPage) => page.companies;

/** /companies (super-admin): every tenant, its plan, status and due date. */
export function CompaniesPage() {
  const { t } = useTranslation();
  const styles = useStyles();

  /** The words beside a tinted due date, so the colour is not the only sign. */
  const dueNote = (dueDate: string) => {
    const days = daysUntil(dueDate);
    if (days === 0) return t('settings.companies.dueToday');
    return days > 0
      ? t('settings.companies.daysLeft', { count: days })
      : t('settings.companies.daysOverdue', { count: -days });
  };
  const toneOf = (company: Company) => (company.isPlatform ? null : dueDateTone(company.dueDate));

  const columns: ListColumn<Company>[] = [
    { key: 'name', label: t('settings.companies.fields.name'), cell: (company) => company.name },
    { key: 'email', label: t('settings.companies.fields.email'), cell: (company) => company.email },
    { key: 'phone', label: t('settings.companies.fields.phone'), cell: (company) => company.phone },
    { key: 'plan', label: t('settings.companies.fields.plan'), cell: (company) => company.plan?.name },
    {
      key: 'status',
      label: t('settings.companies.columns.status'),
      cell: (company) => (
        <Badge appearance="tint" color={company.status ? 'success' : 'danger'}>
          {company.status ? t('settings.companies.active') : t('settings.companies.inactive')}
        </Badge>
      ),
    },
    {
      key: 'createdAt',
      label: t('settings.companies.fields.createdAt'),
      cell: (company) => formatDate(company.createdAt),
    },
    {
      key: 'dueDate',
      label: t('settings.companies.fields.dueDate'),
      cell: (company) =>
        company.dueDate ? (
          <span className={styles.due}>
            <Text>{formatDate(company.dueDate)}</Text>
            {toneOf(company) && <Text size={200}>{dueNote(company.dueDate)}</Text>}
          </span>
        ) : (
          '—'
        ),
    },
    {
      key: 'recurrence',
      label: t('settings.companies.fields.recurrence'),
      cell: (company) => t(`settings.companies.recurrences.${company.recurrence}`),
    },
  ];

  return (
    <ListPage
      title={t('settings.companies.title')}
      layout="page"
      useQuery={useListCompaniesInfiniteQuery}
      rowsOf={companiesOf}
      columns={columns}
      rowProps={(company) => {
        const tone = toneOf(company);
        return { className: tone ? styles[tone] : undefined, 'data-tone': tone ?? 'none' };
      }}
      addLabel={t('settings.companies.add')}
      dialog={(company, close) => <CompanyModal company={company} onClose={close} />}
      edit={{ label: (company) => t('settings.companies.editNamed', { name: company.name }) }}
      remove={{
        useMutation: useDeleteCompanyMutation,
        label: (company) => t('settings.companies.deleteNamed', { name: company.name }),
        disabled: (company) => company.isPlatform,
        title: (company) => t('settings.companies.deleteTitle', { name: company.name }),
        message: t('settings.companies.deleteMessage'),
        deleted: t('settings.companies.deleted'),
      }}
      empty={t('settings.companies.empty')}
      noMatches={t('settings.companies.noMatches')}
      toastErrors
    />
  );
}
