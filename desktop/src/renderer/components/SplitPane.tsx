import { makeStyles, mergeClasses, Tab, TabList, tokens } from '@fluentui/react-components';
import { type ReactNode, useState } from 'react';
import { useMediaQuery } from '../app/hooks';
import { PHONE_QUERY } from './breakpoints';

const useStyles = makeStyles({
  page: {
    flexGrow: 1,
    minHeight: 0,
    display: 'flex',
    flexDirection: 'column',
    // The shell pads its pages; the two panes want the whole height.
    margin: `calc(-1 * ${tokens.spacingHorizontalXL})`,
    marginTop: 0,
  },
  split: { flexGrow: 1, minHeight: 0, display: 'grid', gridTemplateColumns: 'minmax(280px, 1fr) 2fr' },
  pane: {
    minHeight: 0,
    minWidth: 0,
    display: 'flex',
    flexDirection: 'column',
    backgroundColor: tokens.colorNeutralBackground1,
  },
  listPane: { borderRight: `1px solid ${tokens.colorNeutralStroke2}` },
  narrowBody: { flexGrow: 1 },
});

interface SplitPaneProps {
  /** What the detail pane shows: opening another one brings a phone to the detail tab. */
  openId: string | undefined;
  listTab: string;
  detailTab: string;
  list: (narrow: boolean) => ReactNode;
  /** On a phone `showList` goes back to the list tab; side by side there is nothing to go back to. */
  detail: (showList: (() => void) | undefined) => ReactNode;
}

/**
 * A full-height list beside the detail of its open item (spec §9); on a phone, the two as tabs,
 * starting on the detail when an item is open.
 */
export function SplitPane({ openId, listTab, detailTab, list, detail }: SplitPaneProps) {
  const styles = useStyles();
  const narrow = useMediaQuery(PHONE_QUERY);
  const [tab, setTab] = useState<'list' | 'detail'>(openId ? 'detail' : 'list');
  const [shownId, setShownId] = useState(openId);
  if (shownId !== openId) {
    setShownId(openId);
    setTab(openId ? 'detail' : 'list');
  }

  if (narrow) {
    return (
      <div className={styles.page}>
        <TabList selectedValue={tab} onTabSelect={(_event, data) => setTab(data.value as 'list' | 'detail')}>
          <Tab value="list">{listTab}</Tab>
          <Tab value="detail">{detailTab}</Tab>
        </TabList>
        <div className={mergeClasses(styles.pane, styles.narrowBody)}>
          {tab === 'list' ? list(true) : detail(() => setTab('list'))}
        </div>
      </div>
    );
  }

  return (
    <div className={styles.page}>
      <div className={styles.split}>
        <div className={mergeClasses(styles.pane, styles.listPane)}>{list(false)}</div>
        <div className={styles.pane}>{detail(undefined)}</div>
      </div>
    </div>
  );
}
