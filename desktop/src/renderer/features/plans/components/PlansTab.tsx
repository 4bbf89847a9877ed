import { PLAN_FEATURES, type Plan } from '@atendo/shared';
import {
  Badge,
  makeStyles,
  Table,
  TableBody,
  TableCell,
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

  return (
    <div className={styles.tab}>
      <div className={styles.toolbar}>
        <AddButton onClick={editor.create}>{t('settings.plans.add')}</AddButton>
      </div>
      <ListCard>
        <Table aria-label={t('settings.plans.title')}>
          <TableHeader>
            <TableRow>
              <TableHeaderCell>{t('settings.plans.fields.name')}</TableHeaderCell>
              <TableHeaderCell>{t('settings.plans.fields.users')}</TableHeaderCell>
              <TableHeaderCell>{t('settings.plans.fields.connections')}</TableHeaderCell>
              <TableHeaderCell>{t('settings.plans.fields.queues')}</TableHeaderCell>
              <TableHeaderCell>{t('settings.plans.fields.value')}</TableHeaderCell>
              <TableHeaderCell className={styles.featuresColumn}>{t('settings.plans.fields.features')}</TableHeaderCell>
              <ActionsHeaderCell />
            </TableRow>
          </TableHeader>
          <TableBody>
            {plans.map((plan) => (
              <TableRow key={plan.id}>
                <TableCell>{plan.name}</TableCell>
                <TableCell>{limit(plan.users)}</TableCell>
                <TableCell>{limit(plan.connections)}</TableCell>
                <TableCell>{limit(plan.queues)}</TableCell>
                <TableCell>{formatMoney(plan.value)}</TableCell>
                <TableCell>
                  <div className={styles.features}>
                    {PLAN_FEATURES.filter((feature) => plan[feature]).map((feature) => (
                      <Badge key={feature} appearance="tint" color="brand" size="small">
                        {t(`settings.plans.features.${feature}`)}
                      </Badge>
                    ))}
                  </div>
                </TableCell>
                <TableCell>
                  <RowActions
                    editLabel={t('settings.plans.editNamed', { name: plan.name })}
                    deleteLabel={t('settings.plans.deleteNamed', { name: plan.name })}
                    onEdit={() => editor.edit(plan)}
                    onDelete={() => deletion.ask(plan)}
                  />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
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
