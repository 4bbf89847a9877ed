import { useEffect, useRef } from 'react';
import { currentLanguage } from '../../../app/i18n';
import { useIsDarkTheme } from '../../../app/providers';

/** The emoji data and labels ship with the app (emoji-mart would otherwise fetch them from a CDN). */
async function loadPicker(language: string) {
  const [{ Picker }, data, i18n] = await Promise.all([
    import('emoji-mart'),
    import('@emoji-mart/data').then((m) => m.default),
    language === 'pt'
      ? import('@emoji-mart/data/i18n/pt.json').then((m) => m.default)
      : language === 'es'
        ? import('@emoji-mart/data/i18n/es.json').then((m) => m.default)
        : import('@emoji-mart/data/i18n/en.json').then((m) => m.default),
  ]);
  return { Picker, data, i18n };
}

/** emoji-mart's picker (a custom element), mounted into a Fluent popover. */
export function EmojiPicker({ onSelect }: { onSelect: (emoji: string) => void }) {
  const host = useRef<HTMLDivElement>(null);
  const latest = useRef(onSelect);
  const dark = useIsDarkTheme();
  useEffect(() => {
    latest.current = onSelect;
  });
  useEffect(() => {
    let cancelled = false;
    let element: Node | null = null;
    const target = host.current;
    void loadPicker(currentLanguage()).then(({ Picker, data, i18n }) => {
      if (cancelled || !target) return;
      element = new Picker({
        data,
        i18n,
        set: 'native',
        theme: dark ? 'dark' : 'light',
        previewPosition: 'none',
        autoFocus: true,
        onEmojiSelect: (emoji: { native?: string }) => {
          if (emoji.native) latest.current(emoji.native);
        },
      }) as unknown as Node;
      target.appendChild(element);
    });
    return () => {
      cancelled = true;
      if (element && target?.contains(element)) target.removeChild(element);
    };
  }, [dark]);
  return <div ref={host} data-testid="emoji-picker" />;
}
