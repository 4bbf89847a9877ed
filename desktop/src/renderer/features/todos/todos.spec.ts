import { afterEach, describe, expect, it } from '@jest/globals';
import { addTask, editTask, readTasks, removeTask, TASK_MAX_LENGTH, writeTasks } from './todos';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 24, 9, minute));

afterEach(() => window.localStorage.clear());

describe('to-do list', () => {
  it('adds tasks first, trimmed, and ignores blank text', () => {
    let tasks = addTask([], '  Ligar para a Maria  ', at(0), 'a');
    tasks = addTask(tasks, '   ', at(1), 'b');
    tasks = addTask(tasks, 'Enviar boleto', at(2), 'c');
    expect(tasks.map((t) => [t.id, t.text])).toEqual([
      ['c', 'Enviar boleto'],
      ['a', 'Ligar para a Maria'],
    ]);
    expect(tasks[1]).toMatchObject({ createdAt: at(0).toISOString(), updatedAt: at(0).toISOString() });
    expect(addTask([], 'x'.repeat(TASK_MAX_LENGTH + 50), at(0), 'd')[0].text).toHaveLength(TASK_MAX_LENGTH);
  });

  it('edits a task’s text and time, keeping it when the new text is blank or the same', () => {
    const tasks = addTask([], 'Ligar', at(0), 'a');
    const edited = editTask(tasks, 'a', 'Ligar às 10h', at(5));
    expect(edited[0]).toMatchObject({
      text: 'Ligar às 10h',
      createdAt: at(0).toISOString(),
      updatedAt: at(5).toISOString(),
    });
    expect(editTask(edited, 'a', '  ', at(6))).toBe(edited);
    expect(editTask(edited, 'a', 'Ligar às 10h', at(7))[0].updatedAt).toBe(at(5).toISOString());
    expect(removeTask(edited, 'a')).toEqual([]);
  });

  it('keeps each user’s list apart on this device, and survives a damaged store', () => {
    writeTasks(1, addTask([], 'do primeiro', at(0), 'a'));
    writeTasks(2, addTask([], 'do segundo', at(0), 'b'));
    expect(readTasks(1).map((t) => t.text)).toEqual(['do primeiro']);
    expect(readTasks(2).map((t) => t.text)).toEqual(['do segundo']);
    expect(readTasks(3)).toEqual([]);
    window.localStorage.setItem(
      'todolist',
      '{"1":[{"id":"a"},{"id":"b","text":"ok","createdAt":"x","updatedAt":"y"}],"2":5}',
    );
    expect(readTasks(1).map((t) => t.text)).toEqual(['ok']);
    expect(readTasks(2)).toEqual([]);
    window.localStorage.setItem('todolist', 'not json');
    expect(readTasks(1)).toEqual([]);
  });
});
