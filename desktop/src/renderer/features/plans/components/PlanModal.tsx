import { PLAN_FEATURES, type Plan, type PlanFeature, planSchema } from '@atendo/shared';
import { Field, Input, makeStyles, Switch, tokens } from '@fluentui/react-components';
import { useFormik } from 'formik';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../app/format';
import { CurrencyInput } from '../../../components/CurrencyInput';
import { FormDialog } from '../../../components/FormDialog';
import { fieldError, inputProps, useFormSave } from '../../../components/form';
import { useCreatePlanMutation, useUpdatePlanMutation } from '../plans.api';

const useStyles = makeStyles({
  surface: { maxWidth: '600px', width: '100%' },
  limits: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(110px, 1fr))',
    alignItems: 'start',
    gap: tokens.spacingHorizontalM,
  },
  number: { width: '100%', minWidth: 0 },
  features: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))' },
});

const LIMITS = ['users', 'connections', 'queues'] as const;

/** Numbers are edited as text (what the inputs hold) and cast by the shared schema on submit. */
type PlanForm = Record<(typeof LIMITS)[number] | 'name' | 'value', string> & Record<PlanFeature, boolean>;

interface PlanModalProps {
  /** The plan to edit, or null to create one (with the defaults of spec §3: 0 and every feature on). */
  plan: Plan | null;
  onClose: () => void;
}

export function PlanModal({ plan, onClose }: PlanModalProps) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const [createPlan] = useCreatePlanMutation();
  const [updatePlan] = useUpdatePlanMutation();
  const defaults = planSchema.getDefault();
  const start = plan ?? defaults;

  const save = useFormSave(t('settings.plans.saved'), onClose);
  const formik = useFormik<PlanForm>({
    initialValues: {
      name: plan?.name ?? '',
      users: String(start.users),
      connections: String(start.connections),
      queues: String(start.queues),
      value: String(start.value),
      ...(Object.fromEntries(PLAN_FEATURES.map((feature) => [feature, start[feature]])) as Record<
        PlanFeature,
        boolean
      >),
    },
    validationSchema: planSchema,
    onSubmit: async (values, helpers) => {
      const input = planSchema.cast(values);
      await save(helpers, async () => {
        if (plan) await updatePlan({ id: plan.id, changes: input }).unwrap();
        else await createPlan(input).unwrap();
      });
    },
  });

  const amount = formik.values.value === '' ? null : Number(formik.values.value);

  return (
    <FormDialog
      title={plan ? t('settings.plans.modal.editTitle') : t('settings.plans.modal.addTitle')}
      form={formik}
      onClose={onClose}
      surfaceClassName={styles.surface}
    >
      <Field label={t('settings.plans.fields.name')} required {...fieldError(formik, 'name', i18n)}>
        <Input {...inputProps(formik, 'name')} />
      </Field>
      <div className={styles.limits}>
        {LIMITS.map((limit) => (
          <Field
            key={limit}
            label={t(`settings.plans.fields.${limit}`)}
            hint={t('settings.plans.zeroUnlimited')}
            {...fieldError(formik, limit, i18n)}
          >
            <Input
              className={styles.number}
              name={limit}
              type="number"
              min={0}
              step={1}
              value={formik.values[limit]}
              onChange={formik.handleChange}
              onBlur={formik.handleBlur}
            />
          </Field>
        ))}
        <Field
          label={t('settings.plans.fields.value')}
          hint={amount === null ? undefined : t('settings.plans.valuePreview', { value: formatMoney(amount) })}
          {...fieldError(formik, 'value', i18n)}
        >
          <CurrencyInput
            className={styles.number}
            name="value"
            initialAmount={start.value}
            onAmountChange={(next) => void formik.setFieldValue('value', next === null ? '' : String(next))}
            onBlur={formik.handleBlur}
          />
        </Field>
      </div>
      <div className={styles.features} role="group" aria-label={t('settings.plans.fields.features')}>
        {PLAN_FEATURES.map((feature) => (
          <Switch
            key={feature}
            label={t(`settings.plans.features.${feature}`)}
            checked={formik.values[feature]}
            onChange={(_event, data) => void formik.setFieldValue(feature, data.checked)}
          />
        ))}
      </div>
    </FormDialog>
  );
}
