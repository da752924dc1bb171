import { useEffect } from 'react';

/** The app's name: in every document title and in the header's home link (which puts this module in the first load every page shares). */
export const APP_NAME = 'LuckyCoin';

/** Sets document.title to "<title> · LuckyCoin" while the calling page is mounted. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} · ${APP_NAME}` : APP_NAME;
  }, [title]);
}
