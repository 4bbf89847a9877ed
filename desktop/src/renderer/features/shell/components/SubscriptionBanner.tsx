import { daysUntil, DUE_WARNING_DAYS } from '@atendo/shared';
import { MessageBar, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../app/format';
import { useAppSelector } from '../../../app/store';
import { selectSessionUser } from '../../auth/auth.slice';

/**
 * Warns while fewer than DUE_WARNING_DAYS remain. The platform company has no due date and never
 * sees it.
 */
export function SubscriptionBanner() {
  const { t } = useTranslation();
  const dueDate = useAppSelector(selectSessionUser)?.company.dueDate;
  if (!dueDate) return null;
  const days = daysUntil(dueDate);
  if (days >= DUE_WARNING_DAYS) return null;

  return (
    <MessageBar intent="warning" layout="multiline">
      <MessageBarBody>
        <MessageBarTitle>{t('shell.subscription.title')}</MessageBarTitle>
        {days <= 0
          ? t('shell.subscription.endsToday', { date: formatDate(dueDate) })
          : t('shell.subscription.endsIn', { count: days, date: formatDate(dueDate) })}
      </MessageBarBody>
    </MessageBar>
  );
}
