import { z } from 'zod';

/** How many closed business dates the staff's day-close page shows, newest first. */
export const dayCloseHistoryMax = 30;

/** One step of a date's close: done (with the rows it wrote and when it ran) or still to run. */
export const dayCloseStepAnswerSchema = z.object({
  step: z.string(),
  state: z.enum(['done', 'pending']),
  rows: z.number().int().nullable(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});

/** A business date the close has finished: its steps, their rows, and how long it took. */
export const closedDateAnswerSchema = z.object({
  businessDate: z.string(),
  steps: z.array(dayCloseStepAnswerSchema),
  rows: z.number().int(),
  startedAt: z.string(),
  finishedAt: z.string(),
  durationMs: z.number().int(),
});

/** A run of the close one staff member asked for, for another to approve or decline. */
export const dayCloseRunAnswerSchema = z.object({
  id: z.uuid(),
  businessDate: z.string(),
  status: z.enum(['pending', 'approved', 'declined']),
  requestedBy: z.object({ id: z.string(), name: z.string() }),
  requestedAt: z.string(),
  decidedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  decidedAt: z.string().nullable(),
  closedDates: z.array(z.string()).nullable(),
});

export const dayCloseAnswerSchema = z.object({
  businessDate: z.string(),
  /** The business date has ended in Dhaka: its close may run. */
  due: z.boolean(),
  /** The steps of the business date's close, in the order they run. */
  steps: z.array(dayCloseStepAnswerSchema),
  history: z.array(closedDateAnswerSchema),
  pendingRun: dayCloseRunAnswerSchema.nullable(),
  lastRun: dayCloseRunAnswerSchema.nullable(),
});

export const dayCloseRunParams = z.object({ id: z.uuid('Run id is not valid') });

export const dayCloseRanAnswerSchema = z.object({ run: dayCloseRunAnswerSchema, businessDate: z.string() });

export type DayCloseAnswer = z.infer<typeof dayCloseAnswerSchema>;
export type DayCloseRunAnswer = z.infer<typeof dayCloseRunAnswerSchema>;
export type DayCloseStepAnswer = z.infer<typeof dayCloseStepAnswerSchema>;

export const dayCloseDeclinedAnswerSchema = z.object({ run: dayCloseRunAnswerSchema });
