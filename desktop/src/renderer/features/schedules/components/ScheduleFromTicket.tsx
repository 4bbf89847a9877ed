import { hasFeature, type Ticket } from '@atendo/shared';
import { Button, Tooltip } from '@fluentui/react-components';
import { CalendarClockRegular } from '@fluentui/react-icons';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAppSelector } from '../../../app/store';
import { selectSessionUser } from '../../auth/auth.slice';
import { useCompanyPlanQuery } from '../../plans/plans.api';

// Fetched when first opened: its date fields' input masks are not needed to list tickets.
const ScheduleModal = lazy(async () => ({ default: (await import('./ScheduleModal')).ScheduleModal }));

/**
 * The ticket's "schedule message" (spec 1 §2): a new schedule for the ticket's contact, from the
 * ticket, after which the user goes to /schedules. Absent when the plan has no schedules.
 */
export function ScheduleFromTicket({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useAppSelector(selectSessionUser);
  const { data } = useCompanyPlanQuery(user?.companyId ?? 0, { skip: !user });
  const [open, setOpen] = useState(false);
  if (!hasFeature(data?.plan, 'useSchedules')) return null;

  return (
    <>
      <Tooltip content={t('schedules.scheduleMessage')} relationship="label">
        <Button appearance="subtle" icon={<CalendarClockRegular />} onClick={() => setOpen(true)} />
      </Tooltip>
      {open && (
        <Suspense fallback={null}>
          <ScheduleModal
            schedule={null}
            contact={ticket.contact}
            ticketId={ticket.id}
            onClose={() => setOpen(false)}
            onSaved={() => void navigate('/schedules')}
          />
        </Suspense>
      )}
    </>
  );
}
