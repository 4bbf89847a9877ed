import { type Help, helpThumbnailUrl } from '@atendo/shared';
import { Body1, Caption1, Card, CardHeader, CardPreview, makeStyles, tokens } from '@fluentui/react-components';
import { PlayCircleRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListStatus } from '../../../components/ListStatus';
import { PageHeader } from '../../../components/PageHeader';
import { useListHelpsQuery } from '../helps.api';
import { HelpPlayerDialog } from './HelpPlayerDialog';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))',
    gap: tokens.spacingHorizontalL,
  },
  card: { height: '100%' },
  preview: {
    position: 'relative',
    aspectRatio: '16 / 9',
    backgroundColor: tokens.colorNeutralBackground3,
    overflow: 'hidden',
  },
  thumbnail: { width: '100%', height: '100%', objectFit: 'cover', display: 'block' },
  play: {
    position: 'absolute',
    inset: 0,
    margin: 'auto',
    fontSize: '48px',
    color: tokens.colorNeutralForegroundOnBrand,
    filter: 'drop-shadow(0 0 4px rgba(0, 0, 0, 0.6))',
  },
  description: {
    color: tokens.colorNeutralForeground3,
    display: '-webkit-box',
    WebkitLineClamp: 3,
    WebkitBoxOrient: 'vertical',
    overflow: 'hidden',
  },
});

/** Spec 2 §2: the help videos as a grid of cards, their count in the title; a card opens the player. */
export function HelpsPage() {
  const { t } = useTranslation();
  const styles = useStyles();
  const { data: helps = [], isLoading, error } = useListHelpsQuery();
  const [playing, setPlaying] = useState<Help | null>(null);

  return (
    <div className={styles.page}>
      <PageHeader title={t('helps.title', { count: helps.length })} />
      <div className={styles.grid} role="list" aria-label={t('helps.listLabel')}>
        {helps.map((help) => (
          <div role="listitem" key={help.id}>
            <Card
              className={styles.card}
              // Named by what it shows, the play sign first ("Play Getting started …"): a name of its
              // own would leave out the visible description, which screen-reader users hear anyway.
              role="button"
              onClick={() => setPlaying(help)}
              onKeyDown={(event) => {
                if (event.key !== 'Enter' && event.key !== ' ') return;
                event.preventDefault();
                setPlaying(help);
              }}
            >
              <CardPreview className={styles.preview}>
                <img
                  className={styles.thumbnail}
                  src={helpThumbnailUrl(help.video)}
                  alt=""
                  loading="lazy"
                  // Offline or blocked, the grey frame with the play sign is enough; no broken-image icon.
                  onError={(event) => {
                    event.currentTarget.style.visibility = 'hidden';
                  }}
                />
                <PlayCircleRegular className={styles.play} role="img" aria-label={t('helps.play')} />
              </CardPreview>
              <CardHeader
                header={<Body1>{help.title}</Body1>}
                description={
                  help.description ? <Caption1 className={styles.description}>{help.description}</Caption1> : undefined
                }
              />
            </Card>
          </div>
        ))}
      </div>
      <ListStatus loading={isLoading} error={error} empty={helps.length === 0 && t('helps.empty')} />
      {playing && <HelpPlayerDialog help={playing} onClose={() => setPlaying(null)} />}
    </div>
  );
}
