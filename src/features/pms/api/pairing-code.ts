import { z } from 'zod';
import { parseAnswer, request } from '../../../api';
import type { PmsConnectionType } from '../../../domain';

/** The only connection type an agent pairs with (server/routes/pms-extras.ts). */
export const AGENT_CONNECTION_TYPE: PmsConnectionType = 'OPERA_IFC8_XML_AGENT';

/** Whether a connection is paired with an agent by a pairing code. */
export const canPair = (connection: { type: PmsConnectionType }) => connection.type === AGENT_CONNECTION_TYPE;

/** What POST /agent/v1/agents/otp-code/{id} answers (201): the code, shown once, and when it expires. */
export const pairingCodeSchema = z.object({
  code: z.string().min(1),
  expiresAt: z.iso.datetime({ offset: true }),
});
export type PairingCode = z.infer<typeof pairingCodeSchema>;

export const pairingCodePath = (connectionUuid: string) => `/agent/v1/agents/otp-code/${connectionUuid}`;

/**
 * A new pairing code for an OPERA IFC8 XML AGENT connection (spec section 7, "PMS"). Sent at once,
 * never through the outbox: a code made later would be no use to the operator waiting for it, and
 * the gateway keeps no copy of it to replay (a retry makes a new code, replacing the previous one).
 */
export async function requestPairingCode(connectionUuid: string): Promise<PairingCode> {
  return parseAnswer(pairingCodeSchema, await request(pairingCodePath(connectionUuid), { method: 'POST' }));
}
