import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { VisuallyHidden } from '@mantine/core';
import { t } from '../i18n';

/** How long a lazy screen may take to show its heading before focus goes to the main content instead. */
const HEADING_WAIT_MS = 3_000;

/**
 * After a navigation inside the app (not the first load), focus moves to the new screen's heading
 * (h1) and its title is announced, as a page load would for a screen reader; without this, focus
 * stays on the link that was activated, or falls to the body. A screen's heading may appear only
 * once its code and data have loaded: it is waited for, briefly.
 */
export function RouteFocus() {
  const location = useLocation();
  const first = useRef(true);
  const [announcement, setAnnouncement] = useState('');

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return undefined;
    }
    let cancelled = false;
    const started = Date.now();
    let timer: ReturnType<typeof setTimeout> | null = null;
    const focusHeading = () => {
      if (cancelled) return;
      const heading = document.querySelector<HTMLElement>('main h1');
      const main = document.querySelector<HTMLElement>('main');
      if (!heading && Date.now() - started < HEADING_WAIT_MS) {
        timer = setTimeout(focusHeading, 50);
        return;
      }
      const target = heading ?? main;
      if (target && !target.contains(document.activeElement) && document.activeElement?.closest('[role="dialog"]') == null) {
        if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
        target.focus({ preventScroll: false });
      }
      // the title is set by the screen (usePageTitle) in the same commit as its heading
      setAnnouncement(t('layout.navigated', { title: document.title }));
    };
    timer = setTimeout(focusHeading, 0);
    return () => {
      cancelled = true;
      if (timer !== null) clearTimeout(timer);
    };
  }, [location.pathname]);

  return (
    <VisuallyHidden role="status" aria-live="polite" aria-atomic="true">
      {announcement}
    </VisuallyHidden>
  );
}

/** The first thing Tab reaches: straight to the screen's content, past the header. */
export function SkipLink() {
  return (
    <a className="lobby-skip-link" href="#main" onClick={(event) => {
      const main = document.getElementById('main');
      if (!main) return;
      event.preventDefault();
      main.focus();
    }}>
      {t('layout.skipToContent')}
    </a>
  );
}
