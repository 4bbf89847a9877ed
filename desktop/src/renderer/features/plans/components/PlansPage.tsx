import { PLAN_FEATURES, type Plan } from '@atendo/shared';
import { Badge, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../app/format';
import { type ListColumn, ListPage, wholeList } from '../../../components/ListPage';
import { useDeletePlanMutation, useListAllPlansQuery } from '../plans.api';
import { PlanModal } from './PlanModal';

const useStyles = makeStyles({
  features: {
    display: 'flex',
    flexWrap: 'wrap',
    rowGap: tokens.spacingVerticalXS,
    columnGap: tokens.spacingHorizontalXS,
    paddingBlock: tokens.spacingVerticalS,
  },
});

/** Every plan comes whole: a short list. */
const usePlans = () => wholeList<Plan>(useListAllPlansQuery());
const plansOf = (plans: Plan[]) => plans;

/** /plans (super-admin): the plans companies subscribe to, their limits and features. */
export function PlansPage() {
  const { t } = useTranslation();
  const styles = useStyles();
  const limit = (value: number) => (value > 0 ? String(value) : t('settings.plans.unlimited'));
  const columns: ListColumn<Plan>[] = [
    { key: 'name', label: t('settings.plans.fields.name'), cell: (plan) => plan.name },
    { key: 'users', label: t('settings.plans.fields.users'), cell: (plan) => limit(plan.users) },
    { key: 'connections', label: t('settings.plans.fields.connections'), cell: (plan) => limit(plan.connections) },
    { key: 'queues', label: t('settings.plans.fields.queues'), cell: (plan) => limit(plan.queues) },
    { key: 'value', label: t('settings.plans.fields.value'), cell: (plan) => formatMoney(plan.value) },
    {
      key: 'features',
      label: t('settings.plans.fields.features'),
      // Seven feature badges: a wide column keeps them to a line or two, with room between the lines.
      width: '32%',
      cell: (plan) => (
        <div className={styles.features}>
          {PLAN_FEATURES.filter((feature) => plan[feature]).map((feature) => (
            <Badge key={feature} appearance="tint" color="brand" size="small">
              {t(`settings.plans.features.${feature}`)}
            </Badge>
          ))}
        </div>
      ),
    },
  ];
  return (
    <ListPage
      title={t('settings.plans.title')}
      layout="page"
      useQuery={usePlans}
      rowsOf={plansOf}
      columns={columns}
      searchable={false}
      addLabel={t('settings.plans.add')}
      dialog={(plan, close) => <PlanModal plan={plan} onClose={close} />}
      edit={{ label: (plan) => t('settings.plans.editNamed', { name: plan.name }) }}
      remove={{
        useMutation: useDeletePlanMutation,
        label: (plan) => t('settings.plans.deleteNamed', { name: plan.name }),
        title: (plan) => t('settings.plans.deleteTitle', { name: plan.name }),
        message: t('settings.plans.deleteMessage'),
        deleted: t('settings.plans.deleted'),
      }}
      empty={t('settings.plans.empty')}
      toastErrors
    />
  );
}
