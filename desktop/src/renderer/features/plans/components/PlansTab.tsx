import { PLAN_FEATURES, type Plan } from '@atendo/shared';
import {
  Badge,
  Button,
  makeStyles,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  tokens,
} from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../app/errors';
import { formatMoney } from '../../../app/format';
import { useNotify } from '../../../app/toasts';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ListStatus } from '../../../components/ListStatus';
import { RowActions } from '../../../components/RowActions';
import { useDeletePlanMutation, useListAllPlansQuery } from '../plans.api';
import { PlanModal } from './PlanModal';

const useStyles = makeStyles({
  tab: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  toolbar: { display: 'flex', justifyContent: 'flex-end' },
  card: {
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow4,
    overflowX: 'auto',
  },
  features: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
  actionsColumn: { width: '110px' },
});

type ModalState = { mode: 'closed' } | { mode: 'create' } | { mode: 'edit'; plan: Plan };

/** Settings › Plans (super-admin): the plans companies subscribe to, their limits and features. */
export function PlansTab() {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const notify = useNotify();
  const { data: plans = [], isLoading, error } = useListAllPlansQuery();
  const [deletePlan, { isLoading: deleting }] = useDeletePlanMutation();
  const [modal, setModal] = useState<ModalState>({ mode: 'closed' });
  const [toDelete, setToDelete] = useState<Plan | null>(null);

  // Spec §8: a list that fails to load says so in a toast as well as in the table.
  useEffect(() => {
    if (error) notify.error(errorText(i18n, error));
  }, [error, notify, i18n]);

  const limit = (value: number) => (value > 0 ? String(value) : t('settings.plans.unlimited'));

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await deletePlan(toDelete.id).unwrap();
      notify.success(t('settings.plans.deleted'));
    } catch (failure) {
      notify.error(errorText(i18n, failure));
    }
    setToDelete(null);
  };

  return (
    <div className={styles.tab}>
      <div className={styles.toolbar}>
        <Button appearance="primary" icon={<AddRegular />} onClick={() => setModal({ mode: 'create' })}>
          {t('settings.plans.add')}
        </Button>
      </div>
      <div className={styles.card}>
        <Table aria-label={t('settings.plans.title')}>
          <TableHeader>
            <TableRow>
              <TableHeaderCell>{t('settings.plans.fields.name')}</TableHeaderCell>
              <TableHeaderCell>{t('settings.plans.fields.users')}</TableHeaderCell>
              <TableHeaderCell>{t('settings.plans.fields.connections')}</TableHeaderCell>
              <TableHeaderCell>{t('settings.plans.fields.queues')}</TableHeaderCell>
              <TableHeaderCell>{t('settings.plans.fields.value')}</TableHeaderCell>
              <TableHeaderCell>{t('settings.plans.fields.features')}</TableHeaderCell>
              <TableHeaderCell className={styles.actionsColumn}>{t('common.actions')}</TableHeaderCell>
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
                    onEdit={() => setModal({ mode: 'edit', plan })}
                    onDelete={() => setToDelete(plan)}
                  />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <ListStatus loading={isLoading} error={error} empty={plans.length === 0 && t('settings.plans.empty')} />
      </div>
      {modal.mode !== 'closed' && (
        <PlanModal plan={modal.mode === 'edit' ? modal.plan : null} onClose={() => setModal({ mode: 'closed' })} />
      )}
      <ConfirmDialog
        open={!!toDelete}
        title={t('settings.plans.deleteTitle', { name: toDelete?.name ?? '' })}
        message={t('settings.plans.deleteMessage')}
        confirmLabel={t('common.delete')}
        busy={deleting}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      />
    </div>
  );
}
