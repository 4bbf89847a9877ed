import { PHONE_MASK, type Plan, signupSchema } from '@atendo/shared';
import {
  Caption1,
  Field,
  Input,
  makeStyles,
  mergeClasses,
  Radio,
  RadioGroup,
  Spinner,
  Text,
  tokens,
} from '@fluentui/react-components';
import { useFormik } from 'formik';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { errorText } from '../../../app/errors';
import { formatMoney } from '../../../app/format';
import { useNotify } from '../../../app/toasts';
import { AppLink } from '../../../components/AppLink';
import { fieldError, inputProps } from '../../../components/form';
import { MaskedInput } from '../../../components/MaskedInput';
import { PublicForm, PublicTitle } from '../../../components/PublicForm';
import { SubmitButton } from '../../../components/SubmitButton';
import { useListPublicPlansQuery } from '../../plans/plans.api';
import { useSignupMutation } from '../auth.api';
import { PublicLayout } from './PublicLayout';

const useStyles = makeStyles({
  center: { textAlign: 'center' },
  plans: { display: 'grid', gap: tokens.spacingVerticalS },
  plan: {
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    padding: tokens.spacingVerticalXS,
  },
  planSelected: { border: `1px solid ${tokens.colorBrandStroke1}` },
  planLabel: { display: 'flex', flexDirection: 'column' },
  limits: { color: tokens.colorNeutralForeground3 },
});

function PlanLabel({ plan }: { plan: Plan }) {
  const { t } = useTranslation();
  const styles = useStyles();
  // A limit of 0 means no limit (shared/plans.types.ts).
  const limit = (count: number, key: string) =>
    count > 0 ? t(`auth.signup.limits.${key}`, { count }) : t(`auth.signup.limits.${key}Unlimited`);
  return (
    <span className={styles.planLabel}>
      <Text weight="semibold">{t('auth.signup.planPrice', { name: plan.name, price: formatMoney(plan.value) })}</Text>
      <Caption1 className={styles.limits}>
        {[limit(plan.users, 'users'), limit(plan.connections, 'connections'), limit(plan.queues, 'queues')].join(' · ')}
      </Caption1>
    </span>
  );
}

export function SignupPage() {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const notify = useNotify();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const companyId = params.get('companyId');
  const loginPath = companyId ? `/login?companyId=${encodeURIComponent(companyId)}` : '/login';
  const plans = useListPublicPlansQuery();
  const [signup] = useSignupMutation();

  const formik = useFormik({
    initialValues: { name: '', email: '', phone: '', password: '', planId: '' },
    validationSchema: signupSchema,
    onSubmit: async (values) => {
      const input = signupSchema.cast(values);
      try {
        await signup({
          name: input.name,
          email: input.email,
          phone: input.phone || undefined,
          password: input.password,
          planId: input.planId,
        }).unwrap();
        notify.success(t('auth.signup.success'));
        void navigate(loginPath);
      } catch (error) {
        notify.error(errorText(i18n, error));
      }
    },
  });

  return (
    <PublicLayout width={520}>
      <PublicTitle>{t('auth.signup.title')}</PublicTitle>
      <PublicForm onSubmit={formik.handleSubmit}>
        <Field label={t('auth.fields.companyName')} required {...fieldError(formik, 'name', i18n)}>
          <Input {...inputProps(formik, 'name')} autoComplete="organization" />
        </Field>
        <Field label={t('auth.fields.email')} required {...fieldError(formik, 'email', i18n)}>
          <Input {...inputProps(formik, 'email')} type="email" autoComplete="email" />
        </Field>
        <Field label={t('auth.fields.phone')} {...fieldError(formik, 'phone', i18n)}>
          {/* formik keeps only the digits, which is what the API takes; the mask is for the eye. */}
          <MaskedInput
            mask={PHONE_MASK}
            name="phone"
            type="tel"
            inputMode="numeric"
            autoComplete="tel"
            placeholder={t('auth.fields.phonePlaceholder')}
            value={formik.values.phone}
            onValueChange={(_masked, digits) => void formik.setFieldValue('phone', digits)}
            onBlur={formik.handleBlur}
          />
        </Field>
        <Field label={t('auth.fields.password')} required {...fieldError(formik, 'password', i18n)}>
          <Input {...inputProps(formik, 'password')} type="password" autoComplete="new-password" />
        </Field>
        <Field label={t('auth.fields.plan')} required {...fieldError(formik, 'planId', i18n)}>
          {plans.isLoading ? (
            <Spinner size="small" label={t('common.loading')} />
          ) : plans.isError ? (
            <Text>{errorText(i18n, plans.error)}</Text>
          ) : (
            <RadioGroup
              name="planId"
              value={formik.values.planId}
              onChange={(_event, data) => {
                void formik.setFieldValue('planId', data.value);
                void formik.setFieldTouched('planId', true, false);
              }}
              className={styles.plans}
            >
              {(plans.data ?? []).map((plan) => (
                <Radio
                  key={plan.id}
                  value={String(plan.id)}
                  className={mergeClasses(styles.plan, formik.values.planId === String(plan.id) && styles.planSelected)}
                  label={<PlanLabel plan={plan} />}
                />
              ))}
            </RadioGroup>
          )}
        </Field>
        <SubmitButton submitting={formik.isSubmitting}>{t('auth.signup.submit')}</SubmitButton>
      </PublicForm>
      <Text className={styles.center}>
        {t('auth.signup.haveAccount')} <AppLink to={loginPath}>{t('auth.signup.login')}</AppLink>
      </Text>
    </PublicLayout>
  );
}
