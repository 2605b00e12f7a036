// A day close in a process of its own, for the test that kills it: `node --import tsx
// day-close-child.ts <database url> <now, ISO> [<business date>/<step>]`. With the third argument
// it stops inside that step's transaction, after the step's work and before its commit, prints
// `in-step` and waits to be killed; otherwise it closes every ended date and prints the outcomes.
import { openDatabase } from '../../db/client';
import { catchUpDayClose, dayCloseSteps } from './day-close';
import type { DayCloseStep } from './day-close-step';

const [databaseUrl, nowIso, killAt] = process.argv.slice(2);
if (!databaseUrl || !nowIso) throw new Error('usage: day-close-child.ts <database url> <now> [<date>/<step>]');

const handle = await openDatabase({ databaseUrl });
const steps: DayCloseStep[] = dayCloseSteps.map((step) => ({
  name: step.name,
  async run(tx, businessDate) {
    const done = await step.run(tx, businessDate);
    if (`${businessDate}/${step.name}` === killAt) {
      process.stdout.write('in-step\n');
      await new Promise(() => undefined);
    }
    return done;
  },
}));
const outcomes = await catchUpDayClose(handle.batchDb, steps, new Date(nowIso));
process.stdout.write(`${JSON.stringify(outcomes)}\n`);
await handle.close();
