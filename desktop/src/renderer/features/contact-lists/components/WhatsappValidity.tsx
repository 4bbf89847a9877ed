import type { ContactListItem } from '@atendo/shared';
import { makeStyles, mergeClasses, Tooltip, tokens } from '@fluentui/react-components';
import { CheckmarkCircleFilled, ClockRegular, DismissCircleFilled } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';

const useStyles = makeStyles({
  icon: { fontSize: '20px', display: 'block' },
  valid: { color: tokens.colorPaletteGreenForeground1 },
  invalid: { color: tokens.colorPaletteRedForeground1 },
  unchecked: { color: tokens.colorNeutralForeground3 },
});

/** Whether an item's number is on WhatsApp: checked and found, checked and not, or not checked yet. */
export function WhatsappValidity({ item }: { item: Pick<ContactListItem, 'isWhatsappValid'> }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const state = item.isWhatsappValid === null ? 'unchecked' : item.isWhatsappValid ? 'valid' : 'invalid';
  const label = t(`contactLists.items.validity.${state}`);
  const Icon = { valid: CheckmarkCircleFilled, invalid: DismissCircleFilled, unchecked: ClockRegular }[state];
  return (
    <Tooltip content={label} relationship="description">
      <Icon role="img" aria-label={label} data-validity={state} className={mergeClasses(styles.icon, styles[state])} />
    </Tooltip>
  );
}
