import { RATING_MAX, type DashboardAttendant } from '@atendo/shared';
import {
  makeStyles,
  PresenceBadge,
  RatingDisplay,
  Table,
  TableBody,
  TableCell,
  TableCellLayout,
  TableHeader,
  TableHeaderCell,
  TableRow,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { ListCard } from '../../../components/ListFrame';
import { ListStatus } from '../../../components/ListStatus';
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
  return (
    <ListCard>
      <Table aria-label={t('dashboard.attendants.title')}>
        <TableHeader>
          <TableRow>
            <TableHeaderCell>{t('dashboard.attendants.name')}</TableHeaderCell>
            <TableHeaderCell className={styles.narrow}>{t('dashboard.attendants.rating')}</TableHeaderCell>
            <TableHeaderCell className={styles.narrow}>{t('dashboard.attendants.avgSupportTime')}</TableHeaderCell>
            <TableHeaderCell className={styles.narrow}>{t('dashboard.attendants.status')}</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {attendants.map((attendant) => (
            <TableRow key={attendant.id}>
              <TableCell>
                <TableCellLayout>{attendant.name}</TableCellLayout>
              </TableCell>
              <TableCell>
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
              </TableCell>
              <TableCell>{formatMinutes(t, attendant.avgSupportTime)}</TableCell>
              <TableCell>
                <TableCellLayout
                  media={<PresenceBadge status={attendant.online ? 'available' : 'offline'} outOfOffice={false} />}
                >
                  {attendant.online ? t('dashboard.attendants.online') : t('dashboard.attendants.offline')}
                </TableCellLayout>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <ListStatus loading={loading} error={error} empty={attendants.length === 0 && t('dashboard.attendants.none')} />
    </ListCard>
  );
}
