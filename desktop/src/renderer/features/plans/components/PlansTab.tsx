import { PLAN_FEATURES, type Plan } from '@atendo/shared';
import {
  Badge,
  makeStyles,
  TableBody,
  TableHeader,
  TableHeaderCell,
  TableRow,
  tokens,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../app/format';
import { useDeleteConfirmation, useEditDialog, useLoadErrorToast } from '../../../components/list-hooks';
import { ActionsHeaderCell, AddButton, DeleteDialog, ListCard } from '../../../components/ListFrame';
import { ListStatus } from '../../../components/ListStatus';
import { RowActions } from '../../../components/RowActions';
import { ResponsiveCell, ResponsiveRow, ResponsiveTable } from '../../../components/ResponsiveTable';
import { useDeletePlanMutation, useListAllPlansQuery } from '../plans.api';
import { PlanModal } from './PlanModal';

const useStyles = makeStyles({
  tab: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  toolbar: { display: 'flex', justifyContent: 'flex-end' },
  // Seven feature badges: a wide column keeps them to a line or two, with room between the lines.
  featuresColumn: { width: '32%' },
  features: {
    display: 'flex',
    flexWrap: 'wrap',
    rowGap: tokens.spacingVerticalXS,
    columnGap: tokens.spacingHorizontalXS,
    paddingBlock: tokens.spacingVerticalS,
  },
});

/** Settings › Plans (super-admin): the plans companies subscribe to, their limits and features. */
export function PlansTab() {
  const { t } = useTranslation();
  const styles = useStyles();
  const { data: plans = [], isLoading, error } = useListAllPlansQuery();
  const editor = useEditDialog<Plan>();
  const deletion = useDeleteConfirmation<Plan>(useDeletePlanMutation(), t('settings.plans.deleted'));
  useLoadErrorToast(error);

  const limit = (value: number) => (value > 0 ? String(value) : t('settings.plans.unlimited'));
  const columns = {
    name: t('settings.plans.fields.name'),
    users: t('settings.plans.fields.users'),
    connections: t('settings.plans.fields.connections'),
    queues: t('settings.plans.fields.queues'),
    value: t('settings.plans.fields.value'),
    features: t('settings.plans.fields.features'),
  };

  return (
    <div className={styles.tab}>
      <div className={styles.toolbar}>
        <AddButton onClick={editor.create}>{t('settings.plans.add')}</AddButton>
      </div>
      <ListCard>
        <ResponsiveTable aria-label={t('settings.plans.title')}>
          <TableHeader>
            <TableRow>
              <TableHeaderCell>{columns.name}</TableHeaderCell>
              <TableHeaderCell>{columns.users}</TableHeaderCell>
              <TableHeaderCell>{columns.connections}</TableHeaderCell>
              <TableHeaderCell>{columns.queues}</TableHeaderCell>
              <TableHeaderCell>{columns.value}</TableHeaderCell>
              <TableHeaderCell className={styles.featuresColumn}>{columns.features}</TableHeaderCell>
              <ActionsHeaderCell />
            </TableRow>
          </TableHeader>
          <TableBody>
            {plans.map((plan) => (
              <ResponsiveRow key={plan.id}>
                <ResponsiveCell label={columns.name}>{plan.name}</ResponsiveCell>
                <ResponsiveCell label={columns.users}>{limit(plan.users)}</ResponsiveCell>
                <ResponsiveCell label={columns.connections}>{limit(plan.connections)}</ResponsiveCell>
                <ResponsiveCell label={columns.queues}>{limit(plan.queues)}</ResponsiveCell>
                <ResponsiveCell label={columns.value}>{formatMoney(plan.value)}</ResponsiveCell>
                <ResponsiveCell label={columns.features}>
                  <div className={styles.features}>
                    {PLAN_FEATURES.filter((feature) => plan[feature]).map((feature) => (
                      <Badge key={feature} appearance="tint" color="brand" size="small">
                        {t(`settings.plans.features.${feature}`)}
                      </Badge>
                    ))}
                  </div>
                </ResponsiveCell>
                <ResponsiveCell>
                  <RowActions
                    editLabel={t('settings.plans.editNamed', { name: plan.name })}
                    deleteLabel={t('settings.plans.deleteNamed', { name: plan.name })}
                    onEdit={() => editor.edit(plan)}
                    onDelete={() => deletion.ask(plan)}
                  />
                </ResponsiveCell>
              </ResponsiveRow>
            ))}
          </TableBody>
        </ResponsiveTable>
        <ListStatus loading={isLoading} error={error} empty={plans.length === 0 && t('settings.plans.empty')} />
      </ListCard>
      {editor.open && <PlanModal plan={editor.record} onClose={editor.close} />}
      <DeleteDialog
        deletion={deletion}
        title={t('settings.plans.deleteTitle', { name: deletion.target?.name ?? '' })}
        message={t('settings.plans.deleteMessage')}
      />
    </div>
  );
}
