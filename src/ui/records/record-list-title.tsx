import type { ReactNode, RefObject } from 'react';
import { Group, Title } from '@mantine/core';

interface RecordListTitleProps {
  /** the list's heading ref (useRecordList): focus goes there when the row it was on leaves */
  heading: RefObject<HTMLHeadingElement | null>;
  /** 1 for a page's list, 2 for a section of a page */
  order?: 1 | 2;
  id?: string;
  add: ReactNode;
  children: ReactNode;
}

/** A list's heading with its Add button beside it. */
export function RecordListTitle({ heading, order = 1, id, add, children }: RecordListTitleProps) {
  return (
    <Group justify="space-between">
      <Title order={order} fz={order === 1 ? 'h2' : 'h3'} id={id} ref={heading} tabIndex={-1}>
        {children}
      </Title>
      {add}
    </Group>
  );
}
