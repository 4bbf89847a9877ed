import {
  CHECKOUT_COUNTRIES,
  CHECKOUT_SUCCESS_REDIRECT_MS,
  checkoutDataSchema,
  type CheckoutData,
  type CheckoutResult,
  type Invoice,
  type PixCharge,
  type Plan,
} from '@atendo/shared';
import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  makeStyles,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  Radio,
  RadioGroup,
  Select,
  Spinner,
  Text,
  Textarea,
  tokens,
} from '@fluentui/react-components';
import { CheckmarkCircleRegular, CopyRegular } from '@fluentui/react-icons';
import { useFormik, validateYupSchema, yupToFormErrors } from 'formik';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorBody, errorText, serverFieldErrors } from '../../../app/errors';
import { formatDate, formatMoney } from '../../../app/format';
import { useCompanyEvent } from '../../../app/socket';
import { useNotify } from '../../../app/toasts';
import { fieldError } from '../../../components/form';
import { useListPublicPlansQuery } from '../../plans/plans.api';
import { useCheckoutMutation, useSubscriptionStateQuery } from '../invoices.api';

/** Spec §2: the Pix QR code is drawn 256 px wide. */
const QR_SIZE = 256;
const STEPS = ['data', 'plan', 'review', 'payment'] as const;
type Step = 0 | 1 | 2 | 3;

const useStyles = makeStyles({
  surface: { maxWidth: '680px', width: '100%' },
  steps: {
    display: 'flex',
    gap: tokens.spacingHorizontalL,
    listStyleType: 'none',
    padding: 0,
    margin: `0 0 ${tokens.spacingVerticalM} 0`,
    flexWrap: 'wrap',
  },
  step: { color: tokens.colorNeutralForeground3 },
  current: { color: tokens.colorBrandForeground1, fontWeight: tokens.fontWeightSemibold },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  row: { display: 'grid', gridTemplateColumns: '1fr 1fr', gap: tokens.spacingHorizontalM },
  review: {
    display: 'grid',
    gridTemplateColumns: 'max-content 1fr',
    gap: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
  },
  label: { color: tokens.colorNeutralForeground3 },
  pix: { display: 'flex', flexDirection: 'column', alignItems: 'center', gap: tokens.spacingVerticalM },
  qr: { backgroundColor: '#ffffff', padding: tokens.spacingHorizontalM, borderRadius: tokens.borderRadiusMedium },
  code: { width: '100%', fontFamily: tokens.fontFamilyMonospace },
  waiting: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
});

interface CheckoutModalProps {
  invoice: Invoice;
  /** The company's current plan, chosen by default. */
  currentPlanId: number | null;
  onClose: () => void;
}

const emptyData: CheckoutData = {
  firstName: '',
  lastName: '',
  taxId: '',
  address2: '',
  city: '',
  state: '',
  zipcode: '',
  country: 'Brasil',
  useAddressForPaymentDetails: false,
};

/**
 * The checkout of spec §2/§4: data, plan, review, then the Pix charge as a QR code. It waits for the
 * company's payment event (action CONCLUIDA) for this invoice, shows the renewed licence with its new
 * due date, and goes home after 4 seconds. A free plan renews at once, with nothing to pay.
 */
export function CheckoutModal({ invoice, currentPlanId, onClose }: CheckoutModalProps) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const notify = useNotify();
  const navigate = useNavigate();
  const { data: plans = [], isLoading: plansLoading } = useListPublicPlansQuery();
  const [checkout, { isLoading: charging }] = useCheckoutMutation();
  // The payment provider decides whether a CPF/CNPJ is needed; without one there is none to ask.
  const taxIdRequired = useSubscriptionStateQuery().data?.taxIdRequired ?? false;
  const [step, setStep] = useState<Step>(0);
  const [planId, setPlanId] = useState<number | null>(currentPlanId ?? invoice.planId);
  const [charge, setCharge] = useState<PixCharge | null>(null);
  const [renewedUntil, setRenewedUntil] = useState<string | null>(null);
  const plan: Plan | undefined = plans.find((p) => p.id === planId);

  const form = useFormik<CheckoutData>({
    initialValues: emptyData,
    validate: (values) =>
      validateYupSchema(values, checkoutDataSchema, false, { taxIdRequired }).then(
        () => ({}),
        (error: unknown) => yupToFormErrors(error),
      ),
    onSubmit: () => setStep(1),
  });
  const free = plan !== undefined && !(plan.value > 0);

  useCompanyEvent('payment', (event) => {
    if (event.invoiceId !== invoice.id || renewedUntil) return;
    setRenewedUntil(event.company.dueDate);
    notify.success(t('invoices.checkout.success'));
  });

  useEffect(() => {
    if (!renewedUntil) return;
    const timer = window.setTimeout(() => {
      onClose();
      void navigate('/');
    }, CHECKOUT_SUCCESS_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [renewedUntil, navigate, onClose]);

  const pay = async () => {
    if (!plan) return;
    try {
      const result: CheckoutResult = await checkout({
        ...form.values,
        planId: plan.id,
        plan: JSON.stringify({ planId: plan.id, title: plan.name }),
        price: plan.value,
        users: plan.users,
        connections: plan.connections,
        invoiceId: invoice.id,
      }).unwrap();
      if ('renewed' in result) setRenewedUntil(result.company.dueDate);
      else setCharge(result);
      setStep(3);
    } catch (failure) {
      const fields = serverFieldErrors(failure);
      if (fields) {
        // A field of the data step the server refused (the CPF/CNPJ a PSP requires): back to it.
        form.setErrors(fields);
        setStep(0);
        return;
      }
      notify.error(errorText(i18n, failure));
      if (errorBody(failure)?.error === 'ERR_INVOICE_ALREADY_PAID') onClose();
    }
  };

  const copy = async () => {
    if (!charge) return;
    try {
      await navigator.clipboard.writeText(charge.qrcode.qrcode);
      notify.success(t('invoices.checkout.copied'));
    } catch {
      notify.error(t('invoices.checkout.copyFailed'));
    }
  };

  const textField = (name: keyof CheckoutData, label: string, required = false) => (
    <Field label={label} required={required} {...fieldError(form, name, i18n)}>
      <Input
        name={name}
        value={String(form.values[name] ?? '')}
        onChange={form.handleChange}
        onBlur={form.handleBlur}
      />
    </Field>
  );

  return (
    <Dialog open onOpenChange={(_event, data) => !data.open && onClose()}>
      <DialogSurface className={styles.surface} aria-describedby={undefined}>
        <DialogBody>
          <DialogTitle>{t('invoices.checkout.title', { id: invoice.id })}</DialogTitle>
          <DialogContent>
            <ol className={styles.steps} aria-label={t('invoices.checkout.stepsLabel')}>
              {STEPS.map((name, index) => (
                <li
                  key={name}
                  className={index === step ? styles.current : styles.step}
                  aria-current={index === step ? 'step' : undefined}
                >
                  {index + 1}. {t(`invoices.checkout.steps.${name}`)}
                </li>
              ))}
            </ol>

            {step === 0 && (
              <form id="checkout-data" className={styles.form} onSubmit={form.handleSubmit} noValidate>
                <div className={styles.row}>
                  {textField('firstName', t('invoices.checkout.fields.firstName'), true)}
                  {textField('lastName', t('invoices.checkout.fields.lastName'))}
                </div>
                <Field label={t('invoices.checkout.fields.country')} required {...fieldError(form, 'country', i18n)}>
                  <Select name="country" value={form.values.country} onChange={form.handleChange}>
                    {CHECKOUT_COUNTRIES.map((country) => (
                      <option key={country} value={country}>
                        {t(`invoices.checkout.countries.${country === 'Brasil' ? 'brazil' : 'unitedStates'}`)}
                      </option>
                    ))}
                  </Select>
                </Field>
                {form.values.country === 'Brasil' &&
                  textField('taxId', t('invoices.checkout.fields.taxId'), taxIdRequired)}
                {textField('address2', t('invoices.checkout.fields.address'), true)}
                <div className={styles.row}>
                  {textField('city', t('invoices.checkout.fields.city'), true)}
                  {textField('state', t('invoices.checkout.fields.state'))}
                </div>
                {textField('zipcode', t('invoices.checkout.fields.zipcode'), true)}
                <Checkbox
                  label={t('invoices.checkout.fields.useAddressForPaymentDetails')}
                  checked={form.values.useAddressForPaymentDetails}
                  onChange={(_event, data) => void form.setFieldValue('useAddressForPaymentDetails', !!data.checked)}
                />
              </form>
            )}

            {step === 1 &&
              (plansLoading ? (
                <Spinner label={t('common.loading')} />
              ) : (
                <Field label={t('invoices.checkout.choosePlan')}>
                  <RadioGroup
                    value={planId ? String(planId) : ''}
                    onChange={(_e, data) => setPlanId(Number(data.value))}
                  >
                    {plans.map((p) => (
                      <Radio
                        key={p.id}
                        value={String(p.id)}
                        label={t('invoices.checkout.planOption', {
                          name: p.name,
                          price: p.value > 0 ? formatMoney(p.value) : t('invoices.checkout.free'),
                          users: p.users,
                          connections: p.connections,
                          queues: p.queues,
                        })}
                      />
                    ))}
                  </RadioGroup>
                </Field>
              ))}

            {step === 2 && plan && (
              <div className={styles.review}>
                <Text className={styles.label}>{t('invoices.checkout.review.name')}</Text>
                <Text>{[form.values.firstName, form.values.lastName].filter(Boolean).join(' ')}</Text>
                {form.values.taxId && (
                  <>
                    <Text className={styles.label}>{t('invoices.checkout.fields.taxId')}</Text>
                    <Text>{form.values.taxId}</Text>
                  </>
                )}
                <Text className={styles.label}>{t('invoices.checkout.review.address')}</Text>
                <Text>
                  {[form.values.address2, form.values.city, form.values.state, form.values.zipcode, form.values.country]
                    .filter(Boolean)
                    .join(', ')}
                </Text>
                <Text className={styles.label}>{t('invoices.checkout.review.plan')}</Text>
                <Text>{plan.name}</Text>
                <Text className={styles.label}>{t('invoices.checkout.review.period')}</Text>
                <Text>
                  {t('invoices.checkout.review.periodValue', {
                    from: formatDate(invoice.dueDate),
                    to: formatDate(invoice.periodEnd),
                    recurrence: t(`invoices.recurrence.${invoice.recurrence}`),
                  })}
                </Text>
                <Text className={styles.label}>{t('invoices.checkout.review.total')}</Text>
                <Text weight="semibold">{free ? t('invoices.checkout.free') : formatMoney(plan.value)}</Text>
              </div>
            )}

            {step === 3 && (charge || renewedUntil) && (
              <div className={styles.pix}>
                {renewedUntil ? (
                  <MessageBar intent="success" icon={<CheckmarkCircleRegular />}>
                    <MessageBarBody>
                      <MessageBarTitle>{t('invoices.checkout.renewedTitle')}</MessageBarTitle>
                      {t('invoices.checkout.renewedUntil', { date: formatDate(renewedUntil) })}
                    </MessageBarBody>
                  </MessageBar>
                ) : (
                  charge && (
                    <>
                      <Text>{t('invoices.checkout.scan', { value: formatMoney(Number(charge.valor.original)) })}</Text>
                      <div className={styles.qr}>
                        <QRCodeSVG
                          value={charge.qrcode.qrcode}
                          size={QR_SIZE}
                          role="img"
                          aria-label={t('invoices.checkout.qrLabel')}
                        />
                      </div>
                      <Field label={t('invoices.checkout.copyPaste')} className={styles.code}>
                        <Textarea readOnly value={charge.qrcode.qrcode} resize="vertical" />
                      </Field>
                      <Button icon={<CopyRegular />} onClick={() => void copy()}>
                        {t('invoices.checkout.copy')}
                      </Button>
                      <div className={styles.waiting} role="status">
                        <Spinner size="tiny" />
                        <Text>{t('invoices.checkout.waiting', { date: formatDate(charge.expiresAt) })}</Text>
                      </div>
                    </>
                  )
                )}
              </div>
            )}
          </DialogContent>
          <DialogActions>
            {step < 3 && (
              <Button appearance="secondary" onClick={step === 0 ? onClose : () => setStep((step - 1) as Step)}>
                {step === 0 ? t('common.cancel') : t('invoices.checkout.back')}
              </Button>
            )}
            {step === 0 && (
              <Button appearance="primary" type="submit" form="checkout-data">
                {t('invoices.checkout.next')}
              </Button>
            )}
            {step === 1 && (
              <Button appearance="primary" disabled={!plan} onClick={() => setStep(2)}>
                {t('invoices.checkout.next')}
              </Button>
            )}
            {step === 2 && (
              <Button
                appearance="primary"
                disabled={charging}
                icon={charging ? <Spinner size="tiny" /> : undefined}
                onClick={() => void pay()}
              >
                {free ? t('invoices.checkout.renewFree') : t('invoices.checkout.pay')}
              </Button>
            )}
            {step === 3 && (
              <Button appearance="secondary" onClick={onClose}>
                {t('common.close')}
              </Button>
            )}
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
