import { readStored, STORAGE_KEYS, writeStored } from '../../app/storage';

/** One task of a user's to-do list (spec 1 §2: kept only on this device). */
export interface Task {
  id: string;
  text: string;
  createdAt: string;
  updatedAt: string;
}

/** Tasks longer than this are cut: the list is a note-taker, not a document store. */
export const TASK_MAX_LENGTH = 500;

const clean = (text: string) => text.trim().slice(0, TASK_MAX_LENGTH);

/** The list with a new task first; blank text is ignored (the same list comes back). */
export function addTask(tasks: Task[], text: string, now: Date, id: string): Task[] {
  const value = clean(text);
  if (!value) return tasks;
  const at = now.toISOString();
  return [{ id, text: value, createdAt: at, updatedAt: at }, ...tasks];
}

/** The list with a task's new text; blank or unchanged text leaves it as it was. */
export function editTask(tasks: Task[], id: string, text: string, now: Date): Task[] {
  const value = clean(text);
  if (!value) return tasks;
  return tasks.map((task) =>
    task.id === id && task.text !== value ? { ...task, text: value, updatedAt: now.toISOString() } : task,
  );
}

export function removeTask(tasks: Task[], id: string): Task[] {
  return tasks.filter((task) => task.id !== id);
}

function isTask(value: unknown): value is Task {
  if (!value || typeof value !== 'object') return false;
  const task = value as Record<string, unknown>;
  return ['id', 'text', 'createdAt', 'updatedAt'].every((key) => typeof task[key] === 'string');
}

/** Every user's lists on this device; whatever is not a list of tasks is dropped. */
function readAll(): Record<string, Task[]> {
  try {
    const parsed: unknown = JSON.parse(readStored(STORAGE_KEYS.todos) ?? '{}');
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    return Object.fromEntries(
      Object.entries(parsed as Record<string, unknown>).map(([user, tasks]) => [
        user,
        Array.isArray(tasks) ? tasks.filter(isTask) : [],
      ]),
    );
  } catch {
    return {};
  }
}

export function readTasks(userId: number): Task[] {
  return readAll()[String(userId)] ?? [];
}

export function writeTasks(userId: number, tasks: Task[]): void {
  writeStored(STORAGE_KEYS.todos, JSON.stringify({ ...readAll(), [String(userId)]: tasks }));
}
