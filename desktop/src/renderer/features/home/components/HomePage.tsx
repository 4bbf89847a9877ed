import { can } from '@atendo/shared';
import {
  Avatar,
  Badge,
  Body1,
  Button,
  Caption1,
  Card,
  CardHeader,
  makeStyles,
  Subtitle2,
  Text,
  Title2,
  tokens,
} from '@fluentui/react-components';
import { ArrowRightRegular, PersonEditRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatDate, formatMoney } from '../../../app/format';
import { useAppSelector } from '../../../app/store';
import { selectSessionUser } from '../../auth/auth.slice';
import { useCompanyPlanQuery } from '../../plans/plans.api';
import { useMenuEntries } from '../../shell/menu';
import { UserModal } from '../../users/components/UserModal';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxWidth: '1100px' },
  grid: {
    display: 'grid',
    gap: tokens.spacingHorizontalL,
    gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))',
  },
  facts: {
    display: 'grid',
    gridTemplateColumns: 'max-content 1fr',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalXS,
  },
  label: { color: tokens.colorNeutralForeground3 },
  queues: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
  swatch: { width: '10px', height: '10px', borderRadius: '50%', display: 'inline-block' },
  destination: { height: '100%' },
  icon: { fontSize: '28px', color: tokens.colorBrandForeground1 },
  nowrap: { whiteSpace: 'nowrap' },
});

/** The signed-in landing page: who you are, your company and plan, and the pages you may open. */
export function HomePage() {
  const { t } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  const user = useAppSelector(selectSessionUser);
  const entries = useMenuEntries().filter((entry) => entry.path !== '/');
  const { data: companyPlan } = useCompanyPlanQuery(user?.companyId ?? 0, { skip: !user });
  const [editing, setEditing] = useState(false);
  if (!user) return null;
  const isAdmin = can(user, 'drawer-admin-items:view');

  return (
    <div className={styles.page}>
      <Title2 as="h1">{t('home.title', { name: user.name })}</Title2>
      <div className={styles.grid}>
        <Card>
          <CardHeader
            image={<Avatar name={user.name} size={40} />}
            header={<Subtitle2>{user.name}</Subtitle2>}
            description={<Caption1>{user.email}</Caption1>}
            action={
              <Button
                appearance="subtle"
                className={styles.nowrap}
                icon={<PersonEditRegular />}
                onClick={() => setEditing(true)}
              >
                {t('home.editProfile')}
              </Button>
            }
          />
          <div className={styles.facts}>
            <Text className={styles.label}>{t('home.profile')}</Text>
            <Text>{t(`users.profiles.${user.profile}`)}</Text>
            <Text className={styles.label}>{t('home.queues')}</Text>
            <div className={styles.queues}>
              {user.queues.length === 0 ? (
                <Text>{t('home.noQueues')}</Text>
              ) : (
                user.queues.map((queue) => (
                  <Badge
                    key={queue.id}
                    appearance="outline"
                    color="informative"
                    icon={<span className={styles.swatch} style={{ backgroundColor: queue.color }} />}
                  >
                    {queue.name}
                  </Badge>
                ))
              )}
            </div>
          </div>
        </Card>
        <Card>
          <CardHeader
            header={<Subtitle2>{user.company.name}</Subtitle2>}
            description={<Caption1>{t('home.company')}</Caption1>}
          />
          <div className={styles.facts}>
            {companyPlan && (
              <>
                <Text className={styles.label}>{t('home.plan')}</Text>
                <Text>
                  {isAdmin
                    ? t('home.planWithPrice', {
                        name: companyPlan.plan.name,
                        price: formatMoney(companyPlan.plan.value),
                      })
                    : companyPlan.plan.name}
                </Text>
              </>
            )}
            <Text className={styles.label}>{t('home.dueDate')}</Text>
            <Text>{user.company.dueDate ? formatDate(user.company.dueDate) : t('home.noDueDate')}</Text>
          </div>
        </Card>
      </div>
      {entries.length > 0 && (
        <>
          <Subtitle2 as="h2">{t('home.destinationsTitle')}</Subtitle2>
          <div className={styles.grid}>
            {entries.map((entry) => {
              const Icon = entry.icon;
              return (
                <Card key={entry.path} className={styles.destination}>
                  <CardHeader
                    image={<Icon className={styles.icon} aria-hidden />}
                    header={<Subtitle2 as="h3">{t(entry.labelKey)}</Subtitle2>}
                  />
                  <Body1>{t(entry.descriptionKey)}</Body1>
                  <Button
                    appearance="secondary"
                    icon={<ArrowRightRegular />}
                    iconPosition="after"
                    aria-label={t('home.open', { page: t(entry.labelKey) })}
                    onClick={() => void navigate(entry.path)}
                  >
                    {t('home.openShort')}
                  </Button>
                </Card>
              );
            })}
          </div>
        </>
      )}
      {editing && <UserModal user={user} onClose={() => setEditing(false)} />}
    </div>
  );
}
