/**
 * WhatsApp's text formatting: *bold*, _italic_, ~strikethrough~, `inline code` and ```monospace```
 * (which may span lines). Parsed into a tree that the screen turns into React elements, so a
 * message's text is never read as HTML.
 *
 * Written here rather than taken from a package: the WhatsApp-specific ones produce HTML strings,
 * and markdown parsers read `*x*` as italics and treat `_` inside words and links differently.
 */
export type FormatNode =
  | { kind: 'text'; text: string }
  | { kind: 'bold' | 'italic' | 'strike'; children: FormatNode[] }
  | { kind: 'code' | 'monospace'; text: string };

const WRAPPERS = { '*': 'bold', _: 'italic', '~': 'strike' } as const;
type Wrapper = keyof typeof WRAPPERS;

const WORD_CHARACTER = /[\p{L}\p{N}]/u;
const SPACE = /\s/;
/** Links are left as they are: their underscores and tildes are part of the address. */
const LINK = /(?:https?:\/\/|www\.)[^\s<>]+/iy;

function isWrapper(character: string): character is Wrapper {
  return character in WRAPPERS;
}

/**
 * Where the marker opened at `open` closes, or -1. As in WhatsApp: the text inside starts and ends
 * with a non-space, stays on one line, and the closing marker does not stand inside a word.
 */
function closingOf(text: string, open: number, marker: Wrapper): number {
  if (open + 1 >= text.length || SPACE.test(text[open + 1])) return -1;
  for (let i = open + 2; i < text.length; i += 1) {
    if (text[i] === '\n') return -1;
    if (text[i] === marker && !SPACE.test(text[i - 1]) && !WORD_CHARACTER.test(text[i + 1] ?? '')) return i;
  }
  return -1;
}

export function parseWhatsAppFormat(text: string): FormatNode[] {
  const nodes: FormatNode[] = [];
  let plain = '';
  const flush = () => {
    if (plain) nodes.push({ kind: 'text', text: plain });
    plain = '';
  };
  let i = 0;
  while (i < text.length) {
    // Markers open at the start of a word only: 2*3*4 and snake_case_names stay as typed.
    const startsWord = i === 0 || !WORD_CHARACTER.test(text[i - 1]);
    if (startsWord) {
      LINK.lastIndex = i;
      const link = LINK.exec(text);
      if (link) {
        plain += link[0];
        i += link[0].length;
        continue;
      }
    }
    if (text.startsWith('```', i)) {
      const end = text.indexOf('```', i + 3);
      if (end > i + 3) {
        flush();
        nodes.push({ kind: 'monospace', text: text.slice(i + 3, end) });
        i = end + 3;
        continue;
      }
    } else if (text[i] === '`') {
      const end = text.indexOf('`', i + 1);
      if (end > i + 1 && !text.slice(i + 1, end).includes('\n')) {
        flush();
        nodes.push({ kind: 'code', text: text.slice(i + 1, end) });
        i = end + 1;
        continue;
      }
    } else if (startsWord && isWrapper(text[i])) {
      const marker = text[i] as Wrapper;
      const end = closingOf(text, i, marker);
      if (end > 0) {
        flush();
        nodes.push({ kind: WRAPPERS[marker], children: parseWhatsAppFormat(text.slice(i + 1, end)) });
        i = end + 1;
        continue;
      }
    }
    plain += text[i];
    i += 1;
  }
  flush();
  return nodes;
}

/** The text as read, without its markers: for places that show plain text (a system notification). */
export function plainText(text: string): string {
  const flatten = (nodes: FormatNode[]): string =>
    nodes.map((node) => ('children' in node ? flatten(node.children) : node.text)).join('');
  return flatten(parseWhatsAppFormat(text));
}
