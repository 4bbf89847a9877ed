import type { Ticket } from '@atendo/shared';
import { Dropdown, makeStyles, Option, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../app/errors';
import { useAppDispatch } from '../../../app/store';
import { useNotify } from '../../../app/toasts';
import { useListTagsQuery, useSyncTagsMutation } from '../../tags/tags.api';
import { ticketsApi } from '../tickets.api';

const useStyles = makeStyles({
  dropdown: { minWidth: '220px', maxWidth: '100%' },
  swatch: {
    display: 'inline-block',
    width: '10px',
    height: '10px',
    borderRadius: '50%',
    marginRight: tokens.spacingHorizontalS,
  },
});

/** The ticket's tags: chosen from GET /tags/list and saved at once with POST /tags/sync. */
export function TagSelector({ ticket }: { ticket: Ticket }) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const dispatch = useAppDispatch();
  const notify = useNotify();
  const { data: tags = [] } = useListTagsQuery();
  const [syncTags] = useSyncTagsMutation();
  const selected = (ticket.tags ?? []).map((tag) => String(tag.id));

  const choose = async (ids: string[]) => {
    const chosen = tags.filter((tag) => ids.includes(String(tag.id)));
    const patch = dispatch(
      ticketsApi.util.updateQueryData('getTicketByUuid', ticket.uuid, (draft) => {
        draft.tags = chosen.map(({ id, name, color }) => ({ id, name, color }));
      }),
    );
    try {
      await syncTags({ ticketId: ticket.id, tags: chosen.map(({ id }) => ({ id })) }).unwrap();
    } catch (failure) {
      patch.undo();
      notify.error(errorText(i18n, failure));
    }
  };

  return (
    <Dropdown
      className={styles.dropdown}
      size="small"
      multiselect
      aria-label={t('tickets.tags')}
      placeholder={t('tickets.tagsPlaceholder')}
      value={(ticket.tags ?? []).map((tag) => tag.name).join(', ')}
      selectedOptions={selected}
      onOptionSelect={(_event, data) => void choose(data.selectedOptions)}
    >
      {tags.map((tag) => (
        <Option key={tag.id} value={String(tag.id)} text={tag.name}>
          <span className={styles.swatch} style={{ backgroundColor: tag.color }} aria-hidden />
          {tag.name}
        </Option>
      ))}
    </Dropdown>
  );
}
