import type { ReactNode, RefObject } from 'react';
import { Link } from 'react-router-dom';
import { Anchor, Group, Text, Title } from '@mantine/core';

interface RecordListTitleProps {
  /** the list's heading ref (useRecordList): focus goes there when the row it was on leaves */
  heading: RefObject<HTMLHeadingElement | null>;
  /** 1 for a page's list, 2 for a section of a page */
  order?: 1 | 2;
  id?: string;
  add: ReactNode;
  /** the line under the heading saying what the list holds, if it needs one */
  intro?: string;
  children: ReactNode;
}

/** A list's heading with its Add button beside it, and what the list holds under them. */
export function RecordListTitle({ heading, order = 1, id, add, intro, children }: RecordListTitleProps) {
  return (
    <>
      <Group justify="space-between">
        <Title order={order} fz={order === 1 ? 'h2' : 'h3'} id={id} ref={heading} tabIndex={-1}>
          {children}
        </Title>
        {add}
      </Group>
      {intro !== undefined && (
        <Text c="dimmed" size="sm">
          {intro}
        </Text>
      )}
    </>
  );
}

/** Back to the organization; to the organizations when the address names none that the user sees. */
export function OrganizationBackLink({ org, notFound, back, toOrganizations }: { org: string; notFound: boolean; back: string; toOrganizations: string }) {
  return (
    <Anchor component={Link} to={notFound ? '/organizations' : `/organization/${org}`} size="sm">
      {notFound ? toOrganizations : back}
    </Anchor>
  );
}
