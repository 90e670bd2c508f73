// A custom question as the merchant defines it (admin API) and the rules it must keep. The messages
// name what is wrong in English, per field, as the other plugins' API messages do.
import { z } from 'zod';
import { KINDS, SCOPES, type Scope } from './kinds';

export { KINDS, SCOPES, type Scope };
export const MAX_QUESTIONS = 20;
export const MAX_OPTIONS = 12;

const REQUIRED = 'This field is required';
const text = (max: number) => z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(max, `At most ${max} characters`);
const option = z
  .object({
    /** kept from the question as stored; a new choice gets one from the server */
    key: z
      .string()
      .regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'Use lower-case letters, digits and dashes')
      .optional(),
    label: text(80),
  })
  .strict();

const fields = {
  kind: z.enum(KINDS, { error: 'Choose scale, single, multiple or yesno' }),
  label: text(200),
  required: z.boolean().default(false),
  points: z.number().int().min(3, 'A scale has 3 to 7 points').max(7, 'A scale has 3 to 7 points').nullish(),
  lowLabel: text(60).nullish(),
  highLabel: text(60).nullish(),
  options: z.array(option).max(MAX_OPTIONS, `At most ${MAX_OPTIONS} choices`).default([]),
  scope: z.enum(SCOPES, { error: 'Choose all, types or tags' }).default('all'),
  scopeValues: z.array(text(255)).max(50, 'At most 50 product types or tags').default([]),
  recommend: z.boolean().default(false),
  position: z.number().int().min(0).max(10_000).default(0),
  archived: z.boolean().default(false),
};

/** The rules between fields, with the field each message belongs to. */
function consistent(
  q: {
    kind: string;
    points?: number | null;
    lowLabel?: string | null;
    highLabel?: string | null;
    options: { label: string }[];
    scope: string;
    scopeValues: string[];
    recommend: boolean;
  },
  ctx: z.RefinementCtx,
) {
  const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  if (q.kind === 'scale') {
    if (!q.points) issue('points', 'A scale has 3 to 7 points');
    if (!q.lowLabel) issue('lowLabel', 'A scale needs the words at both ends');
    if (!q.highLabel) issue('highLabel', 'A scale needs the words at both ends');
  }
  if (q.kind === 'single' || q.kind === 'multiple') {
    if (q.options.length < 2) issue('options', 'Give at least 2 choices');
    const labels = q.options.map((o) => o.label.toLowerCase());
    if (new Set(labels).size !== labels.length) issue('options', 'Each choice must be different');
  } else if (q.options.length) issue('options', 'Only single and multiple choice questions have choices');
  if (q.kind !== 'scale' && (q.points || q.lowLabel || q.highLabel)) issue('points', 'Only a scale has points and end labels');
  if (q.recommend && q.kind !== 'yesno') issue('recommend', 'Only a yes/no question can be the recommend question');
  if (q.scope !== 'all' && !q.scopeValues.length) issue('scopeValues', 'Name at least one product type or tag');
  if (q.scope === 'all' && q.scopeValues.length) issue('scopeValues', 'A question for all products names no type or tag');
}

export const questionInput = z.object(fields).strict().superRefine(consistent);
export type QuestionInput = z.infer<typeof questionInput>;

/** A stored question, as the admin API answers it. */
export interface Question extends Omit<QuestionInput, 'options' | 'archived'> {
  id: number;
  options: { key: string; label: string }[];
  archived: boolean;
  /** how many reviews answered it: once answered its kind and choices' keys are fixed */
  answerCount: number;
  createdAt: string;
  updatedAt: string;
}
