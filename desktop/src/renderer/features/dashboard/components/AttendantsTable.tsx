import { RATING_MAX, type DashboardAttendant } from '@atendo/shared';
import {
  makeStyles,
  PresenceBadge,
  RatingDisplay,
  TableBody,
  TableCellLayout,
  TableHeader,
  TableHeaderCell,
  TableRow,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { ListCard } from '../../../components/ListFrame';
import { ListStatus } from '../../../components/ListStatus';
import { ResponsiveCell, ResponsiveRow, ResponsiveTable } from '../../../components/ResponsiveTable';
import { formatMinutes } from '../dashboard.format';

const useStyles = makeStyles({
  narrow: { width: '160px' },
});

interface AttendantsTableProps {
  attendants: DashboardAttendant[];
  loading: boolean;
  error: unknown;
}

/** Spec §2: name, rating as 0 to 3 stars, average support time, online flag. */
export function AttendantsTable({ attendants, loading, error }: AttendantsTableProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const columns = {
    name: t('dashboard.attendants.name'),
    rating: t('dashboard.attendants.rating'),
    avgSupportTime: t('dashboard.attendants.avgSupportTime'),
    status: t('dashboard.attendants.status'),
  };
  return (
    <ListCard>
      <ResponsiveTable aria-label={t('dashboard.attendants.title')}>
        <TableHeader>
          <TableRow>
            <TableHeaderCell>{columns.name}</TableHeaderCell>
            <TableHeaderCell className={styles.narrow}>{columns.rating}</TableHeaderCell>
            <TableHeaderCell className={styles.narrow}>{columns.avgSupportTime}</TableHeaderCell>
            <TableHeaderCell className={styles.narrow}>{columns.status}</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {attendants.map((attendant) => (
            <ResponsiveRow key={attendant.id}>
              <ResponsiveCell label={columns.name}>
                <TableCellLayout>{attendant.name}</TableCellLayout>
              </ResponsiveCell>
              <ResponsiveCell label={columns.rating}>
                <RatingDisplay
                  value={attendant.rating}
                  max={RATING_MAX}
                  count={attendant.ratings}
                  aria-label={t('dashboard.attendants.ratingValue', {
                    rating: attendant.rating.toFixed(1),
                    max: RATING_MAX,
                    count: attendant.ratings,
                  })}
                />
              </ResponsiveCell>
              <ResponsiveCell label={columns.avgSupportTime}>
                {formatMinutes(t, attendant.avgSupportTime)}
              </ResponsiveCell>
              <ResponsiveCell label={columns.status}>
                <TableCellLayout
                  media={<PresenceBadge status={attendant.online ? 'available' : 'offline'} outOfOffice={false} />}
                >
                  {attendant.online ? t('dashboard.attendants.online') : t('dashboard.attendants.offline')}
                </TableCellLayout>
              </ResponsiveCell>
            </ResponsiveRow>
          ))}
        </TableBody>
      </ResponsiveTable>
      <ListStatus loading={loading} error={error} empty={attendants.length === 0 && t('dashboard.attendants.none')} />
    </ListCard>
  );
}
