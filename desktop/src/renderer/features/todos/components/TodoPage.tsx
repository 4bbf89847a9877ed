import { Button, Caption1, Field, Input, makeStyles, mergeClasses, Text, tokens } from '@fluentui/react-components';
import { AddRegular, CheckmarkRegular, DeleteRegular, DismissRegular, EditRegular } from '@fluentui/react-icons';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatTime } from '../../../app/format';
import { useAppSelector } from '../../../app/store';
import { ListCard } from '../../../components/ListFrame';
import { PageHeader } from '../../../components/PageHeader';
import { selectSessionUser } from '../../auth/auth.slice';
import { addTask, editTask, readTasks, removeTask, type Task, TASK_MAX_LENGTH, writeTasks } from '../todos';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxWidth: '880px' },
  add: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'flex-end' },
  grow: { flexGrow: 1, minWidth: 0 },
  list: { listStyle: 'none', margin: 0, padding: 0 },
  item: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  text: { display: 'flex', flexDirection: 'column', flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' },
  empty: { padding: tokens.spacingVerticalL, textAlign: 'center', color: tokens.colorNeutralForeground3 },
});

const when = (iso: string) => `${formatDate(iso)} ${formatTime(iso)}`;

/** /todolist: the signed-in user's own tasks, kept on this device only (spec 1 §2). */
export function TodoPage() {
  const { t } = useTranslation();
  const styles = useStyles();
  const userId = useAppSelector(selectSessionUser)?.id ?? 0;
  const [tasks, setTasks] = useState<Task[]>(() => readTasks(userId));
  const [draft, setDraft] = useState('');
  const [editing, setEditing] = useState<{ id: string; text: string } | null>(null);

  const change = (next: Task[]) => {
    if (next === tasks) return;
    setTasks(next);
    writeTasks(userId, next);
  };
  const add = (event: FormEvent) => {
    event.preventDefault();
    change(addTask(tasks, draft, new Date(), crypto.randomUUID()));
    setDraft('');
  };
  const saveEdit = (event: FormEvent) => {
    event.preventDefault();
    if (editing) change(editTask(tasks, editing.id, editing.text, new Date()));
    setEditing(null);
  };

  return (
    <div className={styles.page}>
      <PageHeader title={t('todos.title')} />
      <form className={styles.add} onSubmit={add}>
        <Field label={t('todos.newTask')} className={styles.grow}>
          <Input value={draft} maxLength={TASK_MAX_LENGTH} onChange={(_event, data) => setDraft(data.value)} />
        </Field>
        <Button type="submit" appearance="primary" icon={<AddRegular />}>
          {t('todos.add')}
        </Button>
      </form>
      <ListCard>
        {tasks.length === 0 ? (
          <Text className={styles.empty} block>
            {t('todos.empty')}
          </Text>
        ) : (
          <ul className={styles.list} aria-label={t('todos.title')}>
            {tasks.map((task) => (
              <li key={task.id} className={styles.item}>
                {editing?.id === task.id ? (
                  <form className={mergeClasses(styles.add, styles.grow)} onSubmit={saveEdit}>
                    <Input
                      className={styles.grow}
                      aria-label={t('todos.editLabel')}
                      autoFocus
                      value={editing.text}
                      maxLength={TASK_MAX_LENGTH}
                      onChange={(_event, data) => setEditing({ id: task.id, text: data.value })}
                      onKeyDown={(event) => event.key === 'Escape' && setEditing(null)}
                    />
                    <Button
                      type="submit"
                      appearance="subtle"
                      icon={<CheckmarkRegular />}
                      aria-label={t('todos.save')}
                    />
                    <Button
                      appearance="subtle"
                      icon={<DismissRegular />}
                      aria-label={t('todos.cancel')}
                      onClick={() => setEditing(null)}
                    />
                  </form>
                ) : (
                  <>
                    <span className={styles.text}>
                      <Text>{task.text}</Text>
                      <Caption1>
                        {task.updatedAt === task.createdAt
                          ? t('todos.created', { when: when(task.createdAt) })
                          : t('todos.updated', { when: when(task.updatedAt) })}
                      </Caption1>
                    </span>
                    <Button
                      appearance="subtle"
                      icon={<EditRegular />}
                      aria-label={t('todos.editNamed', { text: task.text })}
                      onClick={() => setEditing({ id: task.id, text: task.text })}
                    />
                    <Button
                      appearance="subtle"
                      icon={<DeleteRegular />}
                      aria-label={t('todos.deleteNamed', { text: task.text })}
                      onClick={() => change(removeTask(tasks, task.id))}
                    />
                  </>
                )}
              </li>
            ))}
          </ul>
        )}
      </ListCard>
    </div>
  );
}
