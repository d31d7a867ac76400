import type { ReactNode, RefObject } from 'react';
import { Link } from 'react-router-dom';
import { Anchor, Badge, Stack } from '@mantine/core';
import { OfflineNotice } from '../offline-notice';
import { RecordListTitle } from './record-list-title';

interface RecordListPageProps {
  /** the way back (the organization, or the organizations when the address names none) */
  back: { to: string; label: string };
  /** the list's heading ref (useRecordList) */
  heading: RefObject<HTMLHeadingElement | null>;
  title: ReactNode;
  add?: ReactNode;
  intro: string;
  /** the gateway path of the list, for the "Offline — showing data from …" notice */
  offlinePath: string;
  /** the list's body (useRecordList), then what else the page holds */
  children: ReactNode;
}

/**
 * The frame of a record list page (docs/adr/0025): the way back, the heading with its Add button,
 * the intro, the offline notice, then the list. A screen gives its words and its list.
 */
export function RecordListPage({ back, heading, title, add = null, intro, offlinePath, children }: RecordListPageProps) {
  return (
    <Stack gap="lg">
      <Anchor component={Link} to={back.to} size="sm">
        {back.label}
      </Anchor>
      <RecordListTitle heading={heading} add={add} intro={intro}>
        {title}
      </RecordListTitle>
      <OfflineNotice path={offlinePath} />
      {children}
    </Stack>
  );
}

/** A status as a light badge: green while `on`, grey otherwise ('Online', 'Active'). */
export function StatusBadge({ on, children }: { on: boolean; children: ReactNode }) {
  return (
    <Badge variant="light" color={on ? 'green' : 'gray'}>
      {children}
    </Badge>
  );
}
