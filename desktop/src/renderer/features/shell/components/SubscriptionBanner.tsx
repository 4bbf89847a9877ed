import { can, daysUntil, DUE_WARNING_DAYS, expiryOf } from '@atendo/shared';
import {
  Button,
  Link,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  MessageBarTitle,
} from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { format } from 'date-fns';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { formatDate } from '../../../app/format';
import { readStored, STORAGE_KEYS, writeStored } from '../../../app/storage';
import { useAppSelector } from '../../../app/store';
import { selectSessionUser } from '../../auth/auth.slice';

/**
 * What a dismissal covers: this company's due date, today. The warning comes back the next day,
 * and at once when the due date moves, so a closed banner never hides a licence that is ending.
 */
function dismissalKey(companyId: number, dueDate: string): string {
  return `${companyId}|${dueDate}|${format(new Date(), 'yyyy-MM-dd')}`;
}

/**
 * Warns while fewer than DUE_WARNING_DAYS remain, to the users who can renew (the others cannot
 * act on it). The platform company never expires and never sees it.
 */
export function SubscriptionBanner() {
  const { t } = useTranslation();
  const user = useAppSelector(selectSessionUser);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [dismissed, setDismissed] = useState(() => readStored(STORAGE_KEYS.subscriptionNoticeDismissed));
  const dueDate = expiryOf(user?.company.dueDate);
  if (!user || !dueDate || !can(user, 'invoices:manage')) return null;
  const days = daysUntil(dueDate);
  const key = dismissalKey(user.company.id, dueDate);
  if (days >= DUE_WARNING_DAYS || dismissed === key) return null;

  const dismiss = () => {
    writeStored(STORAGE_KEYS.subscriptionNoticeDismissed, key);
    setDismissed(key);
  };

  return (
    <MessageBar intent="warning" layout="multiline">
      <MessageBarBody>
        <MessageBarTitle>{t('shell.subscription.title')}</MessageBarTitle>
        {days <= 0
          ? t('shell.subscription.endsToday', { date: formatDate(dueDate) })
          : t('shell.subscription.endsIn', { count: days, date: formatDate(dueDate) })}
        {pathname !== '/subscription' && (
          <>
            {' '}
            <Link as="button" inline onClick={() => void navigate('/subscription')}>
              {t('shell.subscription.renew')}
            </Link>
          </>
        )}
      </MessageBarBody>
      <MessageBarActions
        containerAction={
          <Button
            appearance="transparent"
            icon={<DismissRegular />}
            aria-label={t('shell.subscription.dismiss')}
            onClick={dismiss}
          />
        }
      />
    </MessageBar>
  );
}
