import path from 'node:path';
import { z } from 'zod';
import { directoryEntry } from '../shared/bank-directory';
import { startClearingHouse } from './clearing-house';
import type { ParticipantConfig } from './clearing-switch';

/**
 * `npm run clearing`: the switch as its own process. Its participants come from the environment:
 * CLEARING_PARTICIPANTS lists their codes, and each has CLEARING_KEY_<CODE> (the shared signing
 * key) and optionally CLEARING_INBOUND_URL_<CODE> (where the switch delivers to it).
 */
const environment = z
  .object({
    CLEARING_PORT: z.coerce.number().int().min(1).max(65535).default(3100),
    CLEARING_HOST: z.string().min(1).default('127.0.0.1'),
    CLEARING_DATA_DIR: z.string().min(1).default('./data/clearing-house'),
    CLEARING_MODE: z.enum(['production', 'development', 'test']).default('development'),
    CLEARING_PARTICIPANTS: z.string().default('PADMA'),
  })
  .parse(process.env);

function participantsFromEnvironment(): Record<string, ParticipantConfig> {
  const participants: Record<string, ParticipantConfig> = {};
  for (const code of environment.CLEARING_PARTICIPANTS.split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    if (!directoryEntry(code)) throw new Error(`CLEARING_PARTICIPANTS: ${code} is not a code in the bank directory`);
    const key = process.env[`CLEARING_KEY_${code}`];
    if (!key || key.length < 32) throw new Error(`CLEARING_KEY_${code}: must be set, at least 32 characters`);
    const inboundUrl = process.env[`CLEARING_INBOUND_URL_${code}`];
    if (inboundUrl !== undefined && !/^https?:\/\//.test(inboundUrl)) throw new Error(`CLEARING_INBOUND_URL_${code}: must start with http:// or https://`);
    participants[code] = { key, ...(inboundUrl ? { inboundUrl } : {}) };
  }
  return participants;
}

const house = await startClearingHouse({
  participants: participantsFromEnvironment(),
  port: environment.CLEARING_PORT,
  host: environment.CLEARING_HOST,
  dataDir: path.resolve(environment.CLEARING_DATA_DIR),
  mode: environment.CLEARING_MODE,
  logger: true,
});
house.app.log.info(`Clearing house (${environment.CLEARING_MODE}) listening at ${house.url}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void house.close().then(() => process.exit(0));
  });
}
