import { useEffect } from 'react';

/**
 * Puts `value` on the document's root element as the CSS variable `name` while it is not null, and
 * takes it away after: how a fixed or stuck part of the screen (the cookie banner, a Save bar) tells
 * the notices how much room it takes at the bottom (global.css: .lobby-notices).
 */
export function useRootCssVar(name: string, value: string | null): void {
  useEffect(() => {
    if (value === null) return;
    const root = document.documentElement.style;
    root.setProperty(name, value);
    return () => void root.removeProperty(name);
  }, [name, value]);
}
