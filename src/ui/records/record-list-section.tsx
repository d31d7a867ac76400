import type { ReactNode, RefObject } from 'react';
import { Stack } from '@mantine/core';
import { RecordListTitle } from './record-list-title';

interface RecordListSectionProps {
  /** what useRecordList gave: the heading ref, the Add button and the list's body */
  list: { heading: RefObject<HTMLHeadingElement | null>; addButton: ReactNode; body: ReactNode };
  title: string;
  intro?: string;
  /** what the section shows between its heading and its list */
  children?: ReactNode;
}

/** A record list that is one section of a page (docs/adr/0025): its level-2 heading with Add, then the list. */
export function RecordListSection({ list, title, intro, children }: RecordListSectionProps) {
  return (
    <Stack gap="md">
      <RecordListTitle heading={list.heading} order={2} add={list.addButton} intro={intro}>
        {title}
      </RecordListTitle>
      {children}
      {list.body}
    </Stack>
  );
}
