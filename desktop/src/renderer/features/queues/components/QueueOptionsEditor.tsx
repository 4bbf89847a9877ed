import {
  QUEUE_OPTION_MAX_DEPTH,
  QUEUE_OPTIONS_MAX,
  queueOptionSchema,
  type Id,
  type QueueOption,
} from '@atendo/shared';
import {
  Badge,
  Button,
  Field,
  Input,
  makeStyles,
  mergeClasses,
  Text,
  Textarea,
  tokens,
} from '@fluentui/react-components';
import {
  AddRegular,
  ArrowDownRegular,
  ArrowUpRegular,
  DeleteRegular,
  EditRegular,
  TextBulletListAddRegular,
} from '@fluentui/react-icons';
import { useFormik } from 'formik';
import { type KeyboardEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, serverFieldErrors, validationText } from '../../../app/errors';
import { useNotify } from '../../../app/toasts';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ListStatus } from '../../../components/ListStatus';
import { fieldError, inputProps } from '../../../components/form';
import {
  useCreateQueueOptionMutation,
  useDeleteQueueOptionMutation,
  useListQueueOptionsQuery,
  useUpdateQueueOptionMutation,
} from '../queue-options.api';

const useStyles = makeStyles({
  editor: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  level: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
  },
  nested: {
    marginInlineStart: tokens.spacingHorizontalM,
    paddingInlineStart: tokens.spacingHorizontalS,
    borderInlineStartWidth: tokens.strokeWidthThick,
    borderInlineStartStyle: 'solid',
    borderInlineStartColor: tokens.colorNeutralStroke2,
    marginTop: tokens.spacingVerticalXS,
  },
  row: {
    display: 'flex',
    alignItems: 'flex-start',
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  badge: { flexShrink: 0, marginTop: '2px' },
  text: { flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' },
  title: { overflowWrap: 'anywhere' },
  message: {
    color: tokens.colorNeutralForeground3,
    whiteSpace: 'nowrap',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
  },
  // The buttons wrap under the text on a narrow window rather than squeezing it.
  actions: { display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', flexShrink: 0, maxWidth: '50%' },
  form: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingVerticalS,
    borderRadius: tokens.borderRadiusMedium,
    border: `1px solid ${tokens.colorNeutralStroke1}`,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  formActions: { display: 'flex', gap: tokens.spacingHorizontalS, justifyContent: 'flex-end', flexWrap: 'wrap' },
  add: { alignSelf: 'flex-start' },
});

/** What the one inline form open at a time is for. */
type Editing = { kind: 'add'; parentId: Id | null } | { kind: 'edit'; option: QueueOption } | null;

const formSchema = queueOptionSchema.pick(['title', 'message']);

const countOf = (options: QueueOption[]): number =>
  options.reduce((sum, option) => sum + 1 + countOf(option.children ?? []), 0);

/**
 * A queue's option menu, edited in place (spec 2, Queues: "option menus are edited per queue as
 * nested options"). Each change is saved at once, apart from the queue's own form around it.
 */
export function QueueOptionsEditor({ queueId }: { queueId: Id }) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const notify = useNotify();
  const query = useListQueueOptionsQuery(queueId);
  const [updateOption, update] = useUpdateQueueOptionMutation();
  const [deleteOption, deletion] = useDeleteQueueOptionMutation();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<QueueOption | null>(null);
  const top = query.data ?? [];
  const full = countOf(top) >= QUEUE_OPTIONS_MAX;

  const move = async (option: QueueOption, by: -1 | 1) => {
    try {
      await updateOption({ id: option.id, queueId, changes: { option: option.option + by } }).unwrap();
    } catch (error) {
      notify.error(errorText(i18n, error));
    }
  };

  const remove = async () => {
    if (!deleting) return;
    try {
      await deleteOption({ id: deleting.id, queueId }).unwrap();
      notify.success(t('queues.options.deleted'));
      setDeleting(null);
    } catch (error) {
      notify.error(errorText(i18n, error));
    }
  };

  const form = (parentId: Id | null, option?: QueueOption) => (
    <OptionForm queueId={queueId} parentId={parentId} option={option} onDone={() => setEditing(null)} />
  );

  const level = (options: QueueOption[], depth: number, parentId: Id | null) => (
    <ol className={depth === 1 ? styles.level : mergeClasses(styles.level, styles.nested)}>
      {options.map((option, index) => (
        <li key={option.id}>
          {editing?.kind === 'edit' && editing.option.id === option.id ? (
            form(parentId, option)
          ) : (
            <div className={styles.row}>
              <Badge className={styles.badge} appearance="tint" shape="rounded">
                {index + 1}
              </Badge>
              <div className={styles.text}>
                <Text weight="semibold" className={styles.title}>
                  {option.title}
                </Text>
                {option.message && (
                  <Text size={200} className={styles.message} title={option.message}>
                    {option.message}
                  </Text>
                )}
              </div>
              <div className={styles.actions}>
                <Button
                  appearance="subtle"
                  size="small"
                  icon={<EditRegular />}
                  aria-label={t('queues.options.edit', { title: option.title })}
                  onClick={() => setEditing({ kind: 'edit', option })}
                />
                <Button
                  appearance="subtle"
                  size="small"
                  icon={<TextBulletListAddRegular />}
                  aria-label={t('queues.options.addSub', { title: option.title })}
                  title={
                    depth >= QUEUE_OPTION_MAX_DEPTH
                      ? t('queues.options.maxDepth', { max: QUEUE_OPTION_MAX_DEPTH })
                      : undefined
                  }
                  disabled={depth >= QUEUE_OPTION_MAX_DEPTH || full}
                  onClick={() => setEditing({ kind: 'add', parentId: option.id })}
                />
                <Button
                  appearance="subtle"
                  size="small"
                  icon={<ArrowUpRegular />}
                  aria-label={t('queues.options.moveUp', { title: option.title })}
                  disabled={index === 0 || update.isLoading}
                  onClick={() => void move(option, -1)}
                />
                <Button
                  appearance="subtle"
                  size="small"
                  icon={<ArrowDownRegular />}
                  aria-label={t('queues.options.moveDown', { title: option.title })}
                  disabled={index === options.length - 1 || update.isLoading}
                  onClick={() => void move(option, 1)}
                />
                <Button
                  appearance="subtle"
                  size="small"
                  icon={<DeleteRegular />}
                  aria-label={t('queues.options.delete', { title: option.title })}
                  onClick={() => setDeleting(option)}
                />
              </div>
            </div>
          )}
          {(!!option.children?.length || (editing?.kind === 'add' && editing.parentId === option.id)) &&
            level(option.children ?? [], depth + 1, option.id)}
        </li>
      ))}
      {editing?.kind === 'add' && editing.parentId === parentId && <li>{form(parentId)}</li>}
    </ol>
  );

  return (
    <div className={styles.editor}>
      <Text>{t('queues.options.intro')}</Text>
      <ListStatus
        loading={query.isLoading}
        error={query.error}
        empty={!top.length && editing?.kind !== 'add' && t('queues.options.empty')}
      />
      {query.isError && (
        <Button className={styles.add} onClick={() => void query.refetch()}>
          {t('common.retry')}
        </Button>
      )}
      {query.isSuccess && level(top, 1, null)}
      {query.isSuccess && !(editing?.kind === 'add' && editing.parentId === null) && (
        <Button
          className={styles.add}
          icon={<AddRegular />}
          disabled={full}
          onClick={() => setEditing({ kind: 'add', parentId: null })}
        >
          {t('queues.options.add')}
        </Button>
      )}
      {full && <Text size={200}>{t('queues.options.full', { max: QUEUE_OPTIONS_MAX })}</Text>}
      <ConfirmDialog
        open={!!deleting}
        title={t('queues.options.deleteTitle', { title: deleting?.title ?? '' })}
        message={t('queues.options.deleteMessage')}
        confirmLabel={t('common.delete')}
        busy={deletion.isLoading}
        onConfirm={() => void remove()}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}

interface OptionFormProps {
  queueId: Id;
  parentId: Id | null;
  /** The option to edit; none adds one at the end of its level. */
  option?: QueueOption;
  onDone: () => void;
}

/**
 * The inline form of one option. It sits inside the queue dialog's own form, so it is no `<form>`
 * itself: its buttons are plain buttons and Enter in the title saves the option, not the queue.
 */
function OptionForm({ queueId, parentId, option, onDone }: OptionFormProps) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const notify = useNotify();
  const [createOption] = useCreateQueueOptionMutation();
  const [updateOption] = useUpdateQueueOptionMutation();
  const formik = useFormik({
    initialValues: { title: option?.title ?? '', message: option?.message ?? '' },
    validationSchema: formSchema,
    onSubmit: async (values, helpers) => {
      const input = formSchema.cast(values);
      try {
        if (option) await updateOption({ id: option.id, queueId, changes: input }).unwrap();
        else await createOption({ ...input, queueId, parentId }).unwrap();
        notify.success(t('queues.options.saved'));
        onDone();
      } catch (error) {
        // The title and message show their own errors; the others (too deep, too many) name no
        // field of this form and are told in a toast.
        const fields = serverFieldErrors(error);
        if (fields && Object.keys(fields).every((field) => field in values)) helpers.setErrors(fields);
        else if (fields)
          notify.error(
            Object.values(fields)
              .map((message) => validationText(i18n, message))
              .join(' '),
          );
        else notify.error(errorText(i18n, error));
      }
    },
  });
  const saveOnEnter = (event: KeyboardEvent) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    void formik.submitForm();
  };
  return (
    <div
      className={styles.form}
      role="group"
      aria-label={option ? t('queues.options.edit', { title: option.title }) : t('queues.options.new')}
    >
      <Field label={t('queues.options.title')} required {...fieldError(formik, 'title', i18n)}>
        <Input {...inputProps(formik, 'title')} autoFocus onKeyDown={saveOnEnter} />
      </Field>
      <Field
        label={t('queues.options.message')}
        hint={t('queues.options.messageHint')}
        {...fieldError(formik, 'message', i18n)}
      >
        <Textarea {...inputProps(formik, 'message')} rows={3} resize="vertical" />
      </Field>
      <div className={styles.formActions}>
        <Button onClick={onDone} disabled={formik.isSubmitting}>
          {t('common.cancel')}
        </Button>
        <Button appearance="primary" onClick={() => void formik.submitForm()} disabled={formik.isSubmitting}>
          {t('queues.options.save')}
        </Button>
      </div>
    </div>
  );
}
