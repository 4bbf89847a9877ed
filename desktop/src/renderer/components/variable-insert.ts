/** Where the caret stood in a text (a selection is replaced). */
export interface Caret {
  start: number;
  end: number;
}

/** `token` put into a text where the caret stands (or at its end), with the caret just after it. */
export function insertToken(text: string, token: string, selection: Caret | null): { text: string; caret: number } {
  const start = selection ? Math.min(selection.start, text.length) : text.length;
  const end = selection ? Math.min(Math.max(selection.end, start), text.length) : text.length;
  return { text: text.slice(0, start) + token + text.slice(end), caret: start + token.length };
}

/** How a variable is written: `{{key}}`, or `{key}` where the family's users type that (campaigns). */
export type Braces = 'double' | 'single';

export function tokenOf(key: string, braces: Braces = 'double'): string {
  return braces === 'single' ? `{${key}}` : `{{${key}}}`;
}
