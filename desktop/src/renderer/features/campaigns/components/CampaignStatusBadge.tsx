import type { CampaignStatus } from '@atendo/shared';
import { Badge, type BadgeProps } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { formatDate, formatTime } from '../../../app/format';

const STATUS_COLOR: Record<CampaignStatus, BadgeProps['color']> = {
  INATIVA: 'subtle',
  PROGRAMADA: 'warning',
  EM_ANDAMENTO: 'brand',
  CANCELADA: 'danger',
  FINALIZADA: 'success',
};

/** A campaign's status, translated, in a colour of the theme. */
export function CampaignStatusBadge({ status }: { status: CampaignStatus }) {
  const { t } = useTranslation();
  return (
    <Badge appearance="tint" color={STATUS_COLOR[status]} data-status={status}>
      {t(`campaigns.status.${status}`)}
    </Badge>
  );
}

/** Spec §2: dd/MM/yyyy HH:mm; a dash when there is no date. */
export function dateTimeText(value: string | null | undefined): string {
  return value ? `${formatDate(value)} ${formatTime(value)}` : '—';
}
