import { can, type Invoice } from '@atendo/shared';
import {
  Button,
  Card,
  CardHeader,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Spinner,
  Text,
  tokens,
} from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatMoney } from '../../../app/format';
import { useAppSelector } from '../../../app/store';
import { ListStatus } from '../../../components/ListStatus';
import { PageHeader } from '../../../components/PageHeader';
import { selectSessionUser } from '../../auth/auth.slice';
import { useSubscriptionStateQuery } from '../invoices.api';
import { CheckoutModal } from './CheckoutModal';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  card: { maxWidth: '560px' },
  facts: {
    display: 'grid',
    gridTemplateColumns: 'max-content 1fr',
    gap: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
  },
  label: { color: tokens.colorNeutralForeground3 },
});

/** /subscription (document 2): days left on the trial or licence, the charge e-mail, and "sign now". */
export function SubscriptionPage() {
  const { t } = useTranslation();
  const styles = useStyles();
  const user = useAppSelector(selectSessionUser);
  const { data, isLoading, error } = useSubscriptionStateQuery();
  // Kept apart from the query: once paid, the state no longer has an open invoice, but the checkout
  // stays open to show the renewed licence.
  const [paying, setPaying] = useState<Invoice | null>(null);
  const mayPay = can(user, 'invoices:manage');

  if (!data) {
    return (
      <div className={styles.page}>
        <PageHeader title={t('invoices.subscription.title')} />
        {isLoading ? (
          <Spinner label={t('common.loading')} />
        ) : (
          <ListStatus loading={false} error={error} empty={false} />
        )}
      </div>
    );
  }

  const { daysLeft, company, plan, openInvoice } = data;
  const headline =
    daysLeft === null
      ? t('invoices.subscription.noExpiry')
      : daysLeft < 0
        ? t('invoices.subscription.ended', { date: formatDate(company.dueDate!) })
        : t(data.onTrial ? 'invoices.subscription.trialDaysLeft' : 'invoices.subscription.daysLeft', {
            count: daysLeft,
            date: formatDate(company.dueDate!),
          });

  return (
    <div className={styles.page}>
      <PageHeader title={t('invoices.subscription.title')} />
      <Card className={styles.card}>
        <CardHeader
          header={
            <Text weight="semibold" size={500}>
              {data.onTrial ? t('invoices.subscription.trial') : t('invoices.subscription.licence')}
            </Text>
          }
          description={<Text>{headline}</Text>}
        />
        <div className={styles.facts}>
          <Text className={styles.label}>{t('invoices.subscription.plan')}</Text>
          <Text>
            {plan
              ? t('invoices.subscription.planValue', {
                  name: plan.name,
                  price: formatMoney(plan.value),
                  recurrence: t(`invoices.recurrence.${company.recurrence}`),
                })
              : '—'}
          </Text>
          <Text className={styles.label}>{t('invoices.subscription.chargeEmail')}</Text>
          <Text>{company.email ?? '—'}</Text>
        </div>
        {data.provider === null && (
          <MessageBar intent="warning">
            <MessageBarBody>{t('errors.ERR_PAYMENTS_UNAVAILABLE')}</MessageBarBody>
          </MessageBar>
        )}
        {mayPay &&
          (openInvoice ? (
            <Button
              appearance="primary"
              // Without a payment provider only a free plan can be renewed, and that needs none.
              disabled={data.provider === null && !(plan && !(plan.value > 0))}
              onClick={() => setPaying(openInvoice)}
            >
              {t('invoices.subscription.signNow')}
            </Button>
          ) : (
            <Text>{t('invoices.subscription.nothingDue')}</Text>
          ))}
      </Card>
      {paying && <CheckoutModal invoice={paying} currentPlanId={plan?.id ?? null} onClose={() => setPaying(null)} />}
    </div>
  );
}
