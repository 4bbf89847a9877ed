import { hasFeature, type Language } from '@atendo/shared';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/store';
import { selectSessionUser } from '../auth/auth.slice';
import { useCompanyPlanQuery } from '../plans/plans.api';
import { selectConnection } from '../shell/shell.slice';
import { localDay, relativeDay } from './chat-cache';
import { useListChatsInfiniteQuery } from './chats.api';

/** Whether the company's plan has the internal chat (the menu, the top bar and the page ask). */
export function useChatEnabled(): boolean {
  const user = useAppSelector(selectSessionUser);
  const { data } = useCompanyPlanQuery(user?.companyId ?? 0, { skip: !user });
  return hasFeature(data?.plan, 'useInternalChat');
}

/** The chats with messages the user has not read (the first page: what the popover lists). */
export function useUnreadChats(enabled: boolean) {
  return useListChatsInfiniteQuery('unread', { skip: !enabled });
}

/** Whether any chat has unread messages: the menu entry's dot. */
export function useHasUnreadChats(enabled: boolean): boolean {
  const { data } = useUnreadChats(enabled);
  return (data?.pages[0]?.records.length ?? 0) > 0;
}

/**
 * Asks again once the socket is back after an outage: the chat events sent meanwhile were lost.
 * The first connection asks nothing (the query has just loaded).
 */
export function useRefetchOnReconnect(refetch: () => unknown, active: boolean): void {
  const connection = useAppSelector(selectConnection);
  const seenOnline = useRef(false);
  const missed = useRef(false);
  const latest = useRef(refetch);
  useEffect(() => {
    latest.current = refetch;
  });
  useEffect(() => {
    if (connection !== 'online') {
      if (seenOnline.current) missed.current = true;
      return;
    }
    if (missed.current && active) void latest.current();
    seenOnline.current = true;
    missed.current = false;
  }, [connection, active]);
}

/** The Intl locale of each interface language. */
const LOCALES: Record<Language, string> = { pt: 'pt-BR', en: 'en-US', es: 'es' };

/** Dates and times of the chat in the user's language. */
export function useChatFormat() {
  const { t, i18n } = useTranslation();
  const locale = LOCALES[i18n.resolvedLanguage as Language] ?? LOCALES.en;
  return useMemo(() => {
    const time = new Intl.DateTimeFormat(locale, { timeStyle: 'short' });
    const shortDate = new Intl.DateTimeFormat(locale, { dateStyle: 'short' });
    const longDate = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric' });
    return {
      time: (iso: string) => time.format(new Date(iso)),
      /** The chat list's stamp: the time for today's activity, the date before that. */
      stamp: (iso: string) =>
        localDay(iso) === localDay(new Date()) ? time.format(new Date(iso)) : shortDate.format(new Date(iso)),
      /** A day separator: today, yesterday or the date written out. */
      day: (day: string) => {
        const relative = relativeDay(day, new Date());
        if (relative) return t(`chats.${relative}`);
        const [year, month, date] = day.split('-').map(Number);
        return longDate.format(new Date(year, month - 1, date));
      },
    };
  }, [locale, t]);
}
