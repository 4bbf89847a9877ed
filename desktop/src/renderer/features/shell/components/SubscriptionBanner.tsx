import { can, daysUntil, DUE_WARNING_DAYS } from '@atendo/shared';
import { Link, MessageBar, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { formatDate } from '../../../app/format';
import { useAppSelector } from '../../../app/store';
import { selectSessionUser } from '../../auth/auth.slice';

/**
 * Warns while fewer than DUE_WARNING_DAYS remain. The platform company has no due date and never
 * sees it.
 */
export function SubscriptionBanner() {
  const { t } = useTranslation();
  const user = useAppSelector(selectSessionUser);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const dueDate = user?.company.dueDate;
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
        {can(user, 'invoices:manage') && pathname !== '/subscription' && (
          <>
            {' '}
            <Link as="button" inline onClick={() => void navigate('/subscription')}>
              {t('shell.subscription.renew')}
            </Link>
          </>
        )}
      </MessageBarBody>
    </MessageBar>
  );
}
