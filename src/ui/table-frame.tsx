import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Table } from '@mantine/core';

interface TableFrameProps {
  /** what the table is: the name of the frame when it scrolls (a keyboard stop, a named region) */
  label: string;
  /** the table never gets narrower than this (its columns wrap down to it); it scrolls past it */
  minWidth?: number;
  children: ReactNode;
}

/**
 * The frame every table sits in: on a narrow screen (a phone) the table scrolls sideways inside it
 * and the page never does. While it scrolls, the frame is a named region in the Tab order, so a
 * keyboard can scroll it (WCAG 2.1.1; axe scrollable-region-focusable); when the table fits, it is
 * no stop at all.
 */
export function TableFrame({ label, minWidth = 0, children }: TableFrameProps) {
  const frame = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const node = frame.current;
    if (!node) return undefined;
    const measure = () => setScrolls(node.scrollWidth > node.clientWidth + 1);
    // measured when the observer first reports the sizes, after the browser's own layout: measuring
    // here, right after the render, would make the browser lay the whole page out at once for it
    const observer = new ResizeObserver(measure);
    observer.observe(node);
    for (const child of node.querySelectorAll('table')) observer.observe(child);
    return () => observer.disconnect();
  }, []);
  return (
    <Table.ScrollContainer ref={frame} type="native" minWidth={minWidth} {...(scrolls ? { tabIndex: 0, role: 'region', 'aria-label': label } : {})}>
      {children}
    </Table.ScrollContainer>
  );
}
