import { useEffect, useState } from 'react';
import { resolveBaseUrl } from '../../app/base-url';

/** Media paths may come relative to the server; the desktop app must prefix its server address. */
export function absoluteMediaUrl(url: string, base: string): string {
  if (/^(https?:|data:|blob:)/i.test(url) || !base) return url;
  return `${base}${url.startsWith('/') ? '' : '/'}${url}`;
}

export function useBaseUrl(): string {
  const [base, setBase] = useState('');
  useEffect(() => {
    let live = true;
    void resolveBaseUrl().then((value) => {
      if (live) setBase(value);
    });
    return () => {
      live = false;
    };
  }, []);
  return base;
}
