import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { z } from 'zod';
import { toDisplayPath } from '../agent/to-display-path.js';

/** The format of a judge's recording: what `toSatisfyJudge({ recording })` writes and replays. */
export const judgeRecordingFormat = 'toolloop-judge-recording';

const judgeRecordingSchema = z.strictObject({
  format: z.literal(judgeRecordingFormat),
  version: z.literal(1),
  /** The judge's model, as `provider/model`. */
  model: z.string(),
  /** The judge's instructions, as sent. */
  system: z.string(),
  /** The user message the judge read: the rubric and the transcript of the turn. */
  prompt: z.string(),
  score: z.number(),
  reasons: z.string(),
  usage: z.strictObject({
    inputTokens: z.number(),
    outputTokens: z.number(),
    cacheReadTokens: z.number().optional(),
    cacheWriteTokens: z.number().optional(),
    reasoningTokens: z.number().optional(),
  }),
});

/** A judge's request and its answer, kept in a file beside a test so that the test grades offline. */
export type JudgeRecording = z.output<typeof judgeRecordingSchema>;

/**
 * The judge's recording in `file`, `undefined` when there is none. A file that is not a judge's recording is an
 * error naming the file (relative to `cwd`) and what is wrong with it.
 */
export async function readJudgeRecording(
  file: string,
  cwd = process.cwd(),
): Promise<JudgeRecording | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const shown = toDisplayPath({ file, cwd });
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new Error(`The judge's recording ${shown} is not valid JSON: ${(error as Error).message}`, {
      cause: error,
    });
  }
  const parsed = judgeRecordingSchema.safeParse(value);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`,
    );
    throw new Error(
      `The judge's recording ${shown} is not one toSatisfyJudge wrote (${problems.join('; ')}): delete it to grade again.`,
    );
  }
  return parsed.data;
}

/** Writes a judge's recording whole: a write that stops half-way leaves the file as it was. */
export async function writeJudgeRecording(file: string, recording: JudgeRecording): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  const staging = `${file}.writing-${process.pid}`;
  await writeFile(staging, `${JSON.stringify(recording, null, 2)}\n`);
  await rename(staging, file);
}

/**
 * What of a judge's request differs from its recording, in words with the first line that differs; `undefined`
 * when nothing does.
 */
export function describeJudgeDrift(
  recording: JudgeRecording,
  sent: Pick<JudgeRecording, 'model' | 'system' | 'prompt'>,
): string | undefined {
  if (recording.model !== sent.model)
    return `its model is ${sent.model}; the recorded judge's was ${recording.model}`;
  for (const [field, what] of [
    ['system', 'instructions'],
    ['prompt', 'request (the rubric, and the turn it reads)'],
  ] as const) {
    if (recording[field] === sent[field]) continue;
    const recorded = recording[field].split('\n');
    const now = sent[field].split('\n');
    const line = now.findIndex((text, index) => text !== recorded[index]);
    // No line of the new text differs: it is the recorded one cut short, and differs where it ends.
    const at = line === -1 ? now.length : line;
    return `its ${what} differ${field === 'system' ? '' : 's'} from the recorded one at line ${at + 1}: now ${JSON.stringify(now[at] ?? '(nothing)')}, recorded ${JSON.stringify(recorded[at] ?? '(nothing)')}`;
  }
  return undefined;
}
