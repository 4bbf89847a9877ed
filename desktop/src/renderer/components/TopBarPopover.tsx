import {
  Button,
  Caption1,
  CounterBadge,
  makeStyles,
  Popover,
  PopoverSurface,
  PopoverTrigger,
  Text,
  tokens,
} from '@fluentui/react-components';
import type { ReactElement, ReactNode } from 'react';

const useStyles = makeStyles({
  trigger: { position: 'relative', display: 'inline-flex' },
  counter: { position: 'absolute', top: '0', right: '0', pointerEvents: 'none' },
  item: {
    display: 'flex',
    gap: tokens.spacingHorizontalS,
    alignItems: 'center',
    width: '100%',
    border: 'none',
    background: 'none',
    padding: tokens.spacingVerticalS,
    textAlign: 'start',
    cursor: 'pointer',
    color: 'inherit',
    font: 'inherit',
    borderRadius: tokens.borderRadiusMedium,
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
  },
  text: { flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' },
  ellipsis: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
});

interface TopBarPopoverProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  icon: ReactElement;
  /** The button's accessible name (it shows only the icon). */
  buttonLabel: string;
  /** The open surface's accessible name. */
  title: string;
  surfaceClassName: string;
  /** The counter over the icon; none while zero. */
  count: number;
  overflowCount?: number;
  children: ReactNode;
}

/** A top bar icon button opening a list under it, with a counter over the icon. */
export function TopBarPopover({
  open,
  onOpenChange,
  icon,
  buttonLabel,
  title,
  surfaceClassName,
  count,
  overflowCount,
  children,
}: TopBarPopoverProps) {
  const styles = useStyles();
  return (
    <span className={styles.trigger}>
      <Popover open={open} onOpenChange={(_event, state) => onOpenChange(state.open)} positioning="below-end">
        <PopoverTrigger disableButtonEnhancement>
          <Button appearance="subtle" icon={icon} aria-label={buttonLabel} />
        </PopoverTrigger>
        <PopoverSurface className={surfaceClassName} aria-label={title}>
          {children}
        </PopoverSurface>
      </Popover>
      {count > 0 && (
        <CounterBadge className={styles.counter} size="small" count={count} overflowCount={overflowCount} aria-hidden />
      )}
    </span>
  );
}

/** One row of a top bar list: a picture, a title over one line of detail, a badge; clicking opens it. */
export function TopBarPopoverItem({
  avatar,
  title,
  detail,
  badge,
  onClick,
}: {
  avatar: ReactNode;
  title: ReactNode;
  detail: ReactNode;
  badge: ReactNode;
  onClick: () => void;
}) {
  const styles = useStyles();
  return (
    <li>
      <button type="button" className={styles.item} onClick={onClick}>
        {avatar}
        <span className={styles.text}>
          <Text weight="semibold" className={styles.ellipsis}>
            {title}
          </Text>
          <Caption1 className={styles.ellipsis}>{detail}</Caption1>
        </span>
        {badge}
      </button>
    </li>
  );
}
