/**
 * The three stages of a hotel create (spec section 2, "Hotel wizard": PMS connection, regional
 * info, package/rate/access set-up) over the wizard's steps: the PMS stage is steps 0 to 2 (PMS
 * posting, room access, hotel definition), then the regional step, then step 3, the access area.
 */
import { Group, Text } from '@mantine/core';
import { t, type MessageKey } from '../../../i18n';

/** The regional information step: create mode only, between the hotel definition (2) and the access area (3). */
export const REGIONAL_STEP = 4;
/** The steps of a hotel create, in order. */
export const CREATE_STEPS = [0, 1, 2, REGIONAL_STEP, 3] as const;

const STAGES: readonly { title: MessageKey; steps: readonly number[] }[] = [
  { title: 'hotelWizard.stage.pms', steps: [0, 1, 2] },
  { title: 'hotelWizard.stage.regional', steps: [REGIONAL_STEP] },
  { title: 'hotelWizard.stage.access', steps: [3] },
];

/** The stages as a numbered list, the one of the open step marked as current (none while no step is open). */
export function HotelCreateStages({ step }: { step: number }) {
  return (
    <Group component="ol" aria-label={t('hotelWizard.stages')} gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
      {STAGES.map((stage, index) => {
        const current = stage.steps.includes(step);
        return (
          <Text
            key={stage.title}
            component="li"
            size="sm"
            fw={current ? 700 : 400}
            aria-current={current ? 'step' : undefined}
            px="xs"
            py={2}
            style={current ? { borderBottom: '2px solid currentColor' } : undefined}
          >
            {`${index + 1}. ${t(stage.title)}`}
          </Text>
        );
      })}
    </Group>
  );
}
