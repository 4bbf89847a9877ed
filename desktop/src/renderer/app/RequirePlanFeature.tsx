import { hasFeature, type PlanFeature } from '@atendo/shared';
import { makeStyles, Spinner, tokens } from '@fluentui/react-components';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useNavigate } from 'react-router';
import { selectSessionUser } from '../features/auth/auth.slice';
import { useCompanyPlanQuery } from '../features/plans/plans.api';
import { useAppSelector } from './store';
import { useNotify } from './toasts';

/** Spec §8: the refusal is read for a second before the way home. */
const REDIRECT_AFTER_MS = 1000;

const useStyles = makeStyles({
  waiting: { display: 'flex', justifyContent: 'center', padding: tokens.spacingVerticalXXL },
});

/**
 * Pages of a plan feature (PLAN_FEATURE_PATHS): a company whose plan lacks it has no menu entry for
 * them, and an address typed in says so in a toast and goes home a second later (also when the
 * plan changes while the page is open).
 * When the plan cannot be read (offline), the page shows and its own calls answer for the server.
 */
export function RequirePlanFeature({ feature }: { feature: PlanFeature }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const user = useAppSelector(selectSessionUser);
  const { data, isLoading } = useCompanyPlanQuery(user?.companyId ?? 0, { skip: !user });
  const denied = !!data && !hasFeature(data.plan, feature);
  const notify = useNotify();
  const navigate = useNavigate();
  useEffect(() => {
    if (!denied) return;
    notify.error(t('common.planLacksPage'));
    const timer = setTimeout(() => navigate('/', { replace: true }), REDIRECT_AFTER_MS);
    return () => clearTimeout(timer);
  }, [denied, notify, navigate, t]);
  if (isLoading) {
    return (
      <div className={styles.waiting}>
        <Spinner label={t('common.loading')} />
      </div>
    );
  }
  return denied ? null : <Outlet />;
}
