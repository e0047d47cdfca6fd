import { z } from 'zod';
import { PLACES, SUITES } from '../../contract/contract.js';

const stat = z.object({ median: z.number(), min: z.number(), max: z.number(), n: z.number().int().nonnegative() });
const result = z.object({
  test: z.string(),
  place: z.enum(PLACES),
  metrics: z.record(z.string(), stat),
  tool: z.object({ name: z.string(), version: z.string().nullable(), method: z.string() }),
  params: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
  command: z.string(),
  samples: z.record(z.string(), z.array(z.number())),
  timing: z.object({ sec: z.number().nonnegative(), trialEndSec: z.array(z.number().nonnegative()) }).optional(),
  trials: z
    .object({
      metric: z.string(),
      minTrials: z.number().int().nonnegative(),
      maxTrials: z.number().int().nonnegative(),
      target: z.number().nonnegative(),
      taken: z.number().int().nonnegative(),
      widths: z.array(z.number().nonnegative().nullable()),
      stop: z.enum(['target-met', 'max-reached', 'time-cap', 'cancelled', 'failed']),
      batches: z.literal(true).optional(),
    })
    .optional(),
});
const target = z.object({
  id: z.string(),
  runtime: z.string(),
  label: z.string(),
  settings: z.record(z.string(), z.unknown()),
  probe: z.record(z.string(), z.unknown()).nullable(),
  results: z.array(result),
  headlines: z.array(result).optional(),
  errors: z.array(
    z.object({
      test: z.string(),
      place: z.string(),
      code: z.string(),
      message: z.string(),
      ref: z.object({ key: z.string(), params: z.record(z.string(), z.unknown()).optional() }).optional(),
    }),
  ),
  status: z.enum(['ok', 'partial', 'failed']).optional(),
});

/** Shape check of a stored run file (structure, not every value). */
export const runFileSchema = z.object({
  schemaVersion: z.number().int(),
  id: z.string().regex(/^[A-Za-z0-9._:-]+$/),
  startedAt: z.string(),
  finishedAt: z.string(),
  status: z.enum(['completed', 'partial', 'cancelled', 'failed']),
  suite: z.enum(SUITES),
  tests: z.array(z.string()),
  app: z.object({ version: z.string(), platform: z.string(), arch: z.string() }),
  targets: z.array(target),
  name: z.string().max(200).optional(),
  note: z.string().max(4000).optional(),
  origin: z
    .object({
      kind: z.literal('imported'),
      machine: z.string().max(200),
      importedAt: z.string(),
      digest: z.string().regex(/^[0-9a-f]{64}$/),
      sourceId: z.string().max(200),
    })
    .optional(),
  headlinesOnly: z.literal(true).optional(),
  // The user's own command as asked (RunSpec.command); an imported run's project is a placeholder (<project>), so any text is kept.
  command: z
    .object({
      command: z.string().max(8192),
      project: z.string().max(4096),
      prepare: z.string().max(8192).optional(),
      cleanup: z.string().max(8192).optional(),
      warmup: z.number().int().nonnegative().optional(),
      runs: z.number().int().positive().optional(),
      inPlace: z.boolean().optional(),
      exclude: z.array(z.string().max(1024)).max(100).optional(),
      capSec: z.number().positive().optional(),
    })
    .optional(),
});

/** One line of text the user typed: no control characters, trimmed. */
const userText = (max: number) =>
  z
    .string()
    .max(max)
    .refine((v) => !/[\u0000-\u0008\u000b-\u001f\u007f]/.test(v), 'must not contain control characters')
    .transform((v) => v.trim());

/** A rename and/or note as accepted from outside (an empty string removes it). */
export const runAnnotationSchema = z.object({ name: userText(80).optional(), note: userText(1000).optional(), machine: userText(80).optional() }).strict();

/** A run id as accepted from outside: no path separators, bounded length. */
export const runIdSchema = z
  .string()
  .min(1)
  .max(120)
  .regex(/^[A-Za-z0-9._:-]+$/)
  .refine((s) => !s.includes('..'), 'no ".." in run ids');
