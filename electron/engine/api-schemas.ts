import { z } from 'zod';
import { PLACES, SUITES, type Channel, type RequestMap } from '../contract/contract.js';
import { TEST_IDS } from '../contract/test-catalogue.js';
import { MAX_TRIALS_LIMIT } from '../measurement/plan-estimate.js';
import { runAnnotationSchema, runIdSchema } from './store/run-schema.js';

/** A target id as accepted from outside (local, docker:ctx, libvirt:dom, vagrant:abc123, ...). */
export const targetIdSchema = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[A-Za-z0-9][A-Za-z0-9._:@/-]*$/, 'not a valid target id');

/** A finding id as the advisor makes it: `<runtime id>/<setting>`. */
/** A plan id the engine handed out (128 random bits, hex). */
export const planIdSchema = z.string().regex(/^[0-9a-f]{32}$/, 'not a plan id: take the planId that advice.plan returned');
export const findingIdSchema = z
  .string()
  .min(3)
  .max(260)
  .regex(/^[A-Za-z0-9][A-Za-z0-9._:@/-]*\/[A-Za-z0-9]+$/, 'not a valid finding id');

/** A language of the exports and the card (en or ja). */
export const langSchema = z.enum(['en', 'ja']);

/** Every test run.start accepts, in the order a suite runs them: the test catalogue's ids. */
export { TEST_IDS };

/** The places a target is measured in (detection's TargetInfo.places). */
const placeSchema = z.enum(PLACES);

/** A shell command of the user's: one line of text, no NUL (it is one argument of `sh -c`). */
const shellText = z
  .string()
  .min(1)
  .max(8192)
  .refine((s) => !s.includes('\0'), 'a command cannot contain a NUL character');

/** The user's own command (RunSpec.command). */
const commandSpecSchema = z
  .object({
    command: shellText,
    project: z
      .string()
      .min(1)
      .max(4096)
      .refine((p) => p.startsWith('/') && !p.includes('\0'), 'the project must be an absolute path'),
    prepare: shellText.optional(),
    cleanup: shellText.optional(),
    warmup: z.number().int().min(0).max(100).optional(),
    runs: z.number().int().min(1).max(MAX_TRIALS_LIMIT).optional(),
    inPlace: z.boolean().optional(),
    exclude: z
      .array(
        z
          .string()
          .min(1)
          .max(1024)
          .refine((x) => !x.startsWith('/') && !x.split('/').includes('..') && !x.includes('\0'), 'an exclusion must be a path inside the project'),
      )
      .max(100)
      .optional(),
    capSec: z.number().int().min(1).max(86_400).optional(),
  })
  .strict();

/** What to run, checked at the boundary. */
export const runSpecSchema = z
  .object({
    targets: z.array(targetIdSchema).max(32).optional(),
    suite: z.enum(SUITES),
    tests: z.array(z.enum(TEST_IDS)).max(TEST_IDS.length).optional(),
    places: z
      .array(placeSchema)
      .min(1)
      .max(PLACES.length)
      .refine((ps) => new Set(ps).size === ps.length, 'a place is named twice')
      .optional(),
    image: z
      .string()
      .max(256)
      .regex(/^[A-Za-z0-9][A-Za-z0-9._/:@-]*$/, 'not a valid image name')
      .optional(),
    trials: z
      .object({ targetPct: z.number().min(0).max(100).optional(), maxTrials: z.number().int().min(1).max(MAX_TRIALS_LIMIT).optional() })
      .strict()
      .optional(),
    command: commandSpecSchema.optional(),
    headlinesOnly: z.boolean().optional(),
  })
  .strict()
  // The command test is the user's command: it runs only in a run that names one, and such a run is that test alone.
  .refine((s) => (s.command ? !s.tests || (s.tests.length === 1 && s.tests[0] === 'command') : !s.tests?.includes('command')), {
    message: 'the command test runs only with a command (vmbench run --command CMD --project DIR), and alone',
    path: ['tests'],
  });

/** What run.estimate is asked about: run.start's suite and tests, and each chosen target with its places. */
export const estimateRequestSchema = z
  .object({
    suite: runSpecSchema.shape.suite,
    tests: runSpecSchema.shape.tests,
    targets: z
      .array(z.object({ id: targetIdSchema, places: z.array(placeSchema).min(1).max(4) }).strict())
      .min(1)
      .max(32),
  })
  .strict();

/** What command.reach is asked about: a project folder (as run.start's command takes it) and the chosen targets. */
export const commandReachSchema = z
  .object({
    project: commandSpecSchema.shape.project,
    targets: z.array(targetIdSchema).min(1).max(32),
  })
  .strict();

/** The argument tuple of every request; a channel without an entry fails to compile. */
export const argSchemas: { [C in Channel]: z.ZodType<RequestMap[C]['args']> } = {
  'app.info': z.tuple([]),
  detect: z.tuple([]),
  'detect.cached': z.tuple([]),
  'run.start': z.tuple([runSpecSchema]) as unknown as z.ZodType<RequestMap['run.start']['args']>,
  'run.cancel': z.tuple([z.string().uuid()]),
  'run.enough': z.tuple([z.string().uuid()]),
  'run.estimate': z.tuple([estimateRequestSchema]) as unknown as z.ZodType<RequestMap['run.estimate']['args']>,
  'command.reach': z.tuple([commandReachSchema]),
  'runs.list': z.tuple([]),
  'runs.get': z.tuple([runIdSchema]),
  'runs.annotate': z.tuple([runIdSchema, runAnnotationSchema]),
  'runs.delete': z.tuple([runIdSchema]),
  'runs.compare': z.tuple([runIdSchema, runIdSchema]),
  'runs.import': z.tuple([
    z
      .array(z.object({ name: z.string().max(1000), content: z.string() }).strict())
      .min(1)
      .max(50),
    z
      .object({ machine: z.string().max(200).optional() })
      .strict()
      .optional(),
  ]) as unknown as z.ZodType<RequestMap['runs.import']['args']>,
  'runs.team': z.tuple([z.array(runIdSchema).min(1).max(100)]),
  'runs.teamExport': z.tuple([z.array(runIdSchema).min(1).max(100), z.enum(['md', 'csv']), langSchema.optional()]),
  'runs.export': z.tuple([runIdSchema, z.enum(['md', 'csv', 'json']), langSchema.optional()]),
  'runs.exportCompare': z.tuple([runIdSchema, runIdSchema, z.enum(['md', 'csv', 'json']), langSchema.optional()]),
  'card.render': z.tuple([z.object({ runId: runIdSchema, compareTo: runIdSchema.optional(), lang: langSchema.optional() }).strict()]),
  'advice.plan': z.tuple([findingIdSchema]),
  'advice.apply': z.tuple([planIdSchema]),
  'runtime.restart': z.tuple([planIdSchema]),
  'runtime.start': z.tuple([targetIdSchema]),
};

/** Whether a string names a request. */
export function isChannel(name: string): name is Channel {
  return Object.prototype.hasOwnProperty.call(argSchemas, name);
}
