import { type CompaniesPage, type Company, daysUntil, dueDateTone } from '@atendo/shared';
import {
  Badge,
  makeStyles,
  mergeClasses,
  TableBody,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  tokens,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../app/format';
import {
  useDeleteConfirmation,
  useEditDialog,
  useInfiniteRows,
  useListSearch,
  useLoadErrorToast,
} from '../../../components/list-hooks';
import { ActionsHeaderCell, AddButton, DeleteDialog, ListScroller, SearchField } from '../../../components/ListFrame';
import { ListStatus } from '../../../components/ListStatus';
import { RowActions } from '../../../components/RowActions';
import { ResponsiveCell, ResponsiveRow, ResponsiveTable } from '../../../components/ResponsiveTable';
import { useDeleteCompanyMutation, useListCompaniesInfiniteQuery } from '../companies.api';
import { CompanyModal } from './CompanyModal';

const useStyles = makeStyles({
  tab: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  toolbar: {
    display: 'flex',
    alignItems: 'flex-end',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
    flexWrap: 'wrap',
  },
  // Spec §4: rows tinted by the days left until the due date (rule and boundaries: dueDateTone).
  yellow: { backgroundColor: tokens.colorPaletteYellowBackground2 },
  orange: { backgroundColor: tokens.colorPaletteMarigoldBackground2 },
  red: { backgroundColor: tokens.colorPaletteRedBackground2 },
  due: { display: 'flex', flexDirection: 'column' },
});

const companiesOf = (page: CompaniesPage) => page.companies;

/** Settings › Companies (super-admin): every tenant, its plan, status and due date. */
export function CompaniesTab() {
  const { t } = useTranslation();
  const styles = useStyles();
  const { search, setSearch, searchParam } = useListSearch();
  const query = useListCompaniesInfiniteQuery(searchParam);
  const { error, isLoading, isFetching } = query;
  useLoadErrorToast(error);
  const { rows: companies, scrollerProps } = useInfiniteRows(query, companiesOf);
  const editor = useEditDialog<Company>();
  const deletion = useDeleteConfirmation<Company>(useDeleteCompanyMutation(), t('settings.companies.deleted'));
  const columns = {
    name: t('settings.companies.fields.name'),
    email: t('settings.companies.fields.email'),
    phone: t('settings.companies.fields.phone'),
    plan: t('settings.companies.fields.plan'),
    status: t('settings.companies.columns.status'),
    createdAt: t('settings.companies.fields.createdAt'),
    dueDate: t('settings.companies.fields.dueDate'),
    recurrence: t('settings.companies.fields.recurrence'),
  };

  /** The words beside a tinted due date, so the colour is not the only sign. */
  const dueNote = (dueDate: string) => {
    const days = daysUntil(dueDate);
    if (days === 0) return t('settings.companies.dueToday');
    return days > 0
      ? t('settings.companies.daysLeft', { count: days })
      : t('settings.companies.daysOverdue', { count: -days });
  };

  return (
    <div className={styles.tab}>
      <div className={styles.toolbar}>
        <SearchField value={search} onChange={setSearch} />
        <AddButton onClick={editor.create}>{t('settings.companies.add')}</AddButton>
      </div>
      <ListScroller layout="tab" {...scrollerProps}>
        <ResponsiveTable aria-label={t('settings.companies.title')}>
          <TableHeader>
            <TableRow>
              <TableHeaderCell>{columns.name}</TableHeaderCell>
              <TableHeaderCell>{columns.email}</TableHeaderCell>
              <TableHeaderCell>{columns.phone}</TableHeaderCell>
              <TableHeaderCell>{columns.plan}</TableHeaderCell>
              <TableHeaderCell>{columns.status}</TableHeaderCell>
              <TableHeaderCell>{columns.createdAt}</TableHeaderCell>
              <TableHeaderCell>{columns.dueDate}</TableHeaderCell>
              <TableHeaderCell>{columns.recurrence}</TableHeaderCell>
              <ActionsHeaderCell />
            </TableRow>
          </TableHeader>
          <TableBody>
            {companies.map((company) => {
              const tone = company.isPlatform ? null : dueDateTone(company.dueDate);
              return (
                <ResponsiveRow
                  key={company.id}
                  className={mergeClasses(tone ? styles[tone] : undefined)}
                  data-tone={tone ?? 'none'}
                >
                  <ResponsiveCell label={columns.name}>{company.name}</ResponsiveCell>
                  <ResponsiveCell label={columns.email}>{company.email}</ResponsiveCell>
                  <ResponsiveCell label={columns.phone}>{company.phone}</ResponsiveCell>
                  <ResponsiveCell label={columns.plan}>{company.plan?.name}</ResponsiveCell>
                  <ResponsiveCell label={columns.status}>
                    <Badge appearance="tint" color={company.status ? 'success' : 'danger'}>
                      {company.status ? t('settings.companies.active') : t('settings.companies.inactive')}
                    </Badge>
                  </ResponsiveCell>
                  <ResponsiveCell label={columns.createdAt}>{formatDate(company.createdAt)}</ResponsiveCell>
                  <ResponsiveCell label={columns.dueDate}>
                    {company.dueDate ? (
                      <span className={styles.due}>
                        <Text>{formatDate(company.dueDate)}</Text>
                        {tone && <Text size={200}>{dueNote(company.dueDate)}</Text>}
                      </span>
                    ) : (
                      '—'
                    )}
                  </ResponsiveCell>
                  <ResponsiveCell label={columns.recurrence}>
                    {t(`settings.companies.recurrences.${company.recurrence}`)}
                  </ResponsiveCell>
                  <ResponsiveCell>
                    <RowActions
                      editLabel={t('settings.companies.editNamed', { name: company.name })}
                      deleteLabel={t('settings.companies.deleteNamed', { name: company.name })}
                      onEdit={() => editor.edit(company)}
                      onDelete={() => deletion.ask(company)}
                      deleteDisabled={company.isPlatform}
                    />
                  </ResponsiveCell>
                </ResponsiveRow>
              );
            })}
          </TableBody>
        </ResponsiveTable>
        <ListStatus
          loading={isLoading || isFetching}
          error={error}
          empty={
            companies.length === 0 && (searchParam ? t('settings.companies.noMatches') : t('settings.companies.empty'))
          }
        />
      </ListScroller>
      {editor.open && <CompanyModal company={editor.record} onClose={editor.close} />}
      <DeleteDialog
        deletion={deletion}
        title={t('settings.companies.deleteTitle', { name: deletion.target?.name ?? '' })}
        message={t('settings.companies.deleteMessage')}
      />
    </div>
  );
}
