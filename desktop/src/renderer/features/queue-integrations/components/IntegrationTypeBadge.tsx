import type { IntegrationType } from '@atendo/shared';
import { makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';

const useStyles = makeStyles({
  badge: { display: 'block', flexShrink: 0, borderRadius: tokens.borderRadiusMedium },
});

/**
 * Each type's badge: a colour and short initials of our own, dark enough for white letters in both
 * themes (the services' own logos are theirs to use, not ours).
 */
const BADGES: Record<IntegrationType, { color: string; initials: string }> = {
  webhook: { color: '#5b3fc4', initials: 'WH' },
  n8n: { color: '#b3234c', initials: 'n8n' },
  typebot: { color: '#0f5fb3', initials: 'TB' },
  dialogflow: { color: '#b04a00', initials: 'DF' },
  flowbuilder: { color: '#0e7036', initials: 'FL' },
};

/** An integration's type as a small badge, named for assistive technology by the type's name. */
export function IntegrationTypeBadge({ type }: { type: IntegrationType }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const { color, initials } = BADGES[type];
  const name = t(`queueIntegrations.types.${type}`);
  // Three letters take a smaller size to fit the same square.
  const fontSize = initials.length > 2 ? 10 : 13;
  return (
    <svg className={styles.badge} width="32" height="32" viewBox="0 0 32 32" role="img" aria-label={name}>
      <title>{name}</title>
      <rect width="32" height="32" rx="7" fill={color} />
      <text
        x="16"
        y="16.5"
        textAnchor="middle"
        dominantBaseline="central"
        fill="#ffffff"
        fontFamily="system-ui, sans-serif"
        fontWeight="700"
        fontSize={fontSize}
      >
        {initials}
      </text>
    </svg>
  );
}
