import { useEffect } from 'react';

export const APP_NAME = 'LuckyCoin';

/** Sets document.title to "<title> · LuckyCoin" while the calling page is mounted. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} · ${APP_NAME}` : APP_NAME;
  }, [title]);
}
