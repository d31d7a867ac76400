import type { ReactNode } from 'react';
import { Text, Title } from '@mantine/core';

/** A page's heading (`order` 1) or a section's (2), with the dimmed line under it saying what it holds. */
export function IntroducedTitle({ order = 1, intro, children }: { order?: 1 | 2; intro: string; children: ReactNode }) {
  return (
    <>
      <Title order={order} fz={order === 1 ? 'h2' : 'h4'}>
        {children}
      </Title>
      <Text c="dimmed" size="sm">
        {intro}
      </Text>
    </>
  );
}
