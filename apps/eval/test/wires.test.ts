import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runScenarios } from '../src/run/run-scenarios.js';

const fixtures = join(import.meta.dirname, 'fixtures');

describe('wires', () => {
  it("runs the scenario format guide's `wires` example on all six wires, passing", async () => {
    const guide = await readFile(join(import.meta.dirname, '../../../docs/scenario-format.md'), 'utf8');
    const example = /```yaml\n(name: refund flow\nwires: all[\s\S]*?)```/u.exec(guide)?.[1];
    expect(example).toBeDefined();
    const directory = await mkdtemp(join(tmpdir(), 'toolloop-wires-example-'));
    try {
      await writeFile(join(directory, 'refund.yaml'), example ?? '');
      const { report, exitCode } = await runScenarios({ paths: ['refund.yaml'], cwd: directory });

      expect(report.scenarios.map(({ name, status }) => [name, status])).toEqual(
        ['anthropic', 'bedrock', 'gemini', 'ollama', 'openai-chat', 'openai-responses'].map((wire) => [
          `refund flow [${wire}]`,
          'passed',
        ]),
      );
      expect(exitCode).toBe(0);
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });

  it('runs a scenario on every wire (`wires: all`), each reported on its own as `name [wire]`, all passing', async () => {
    const { report, exitCode } = await runScenarios({ paths: ['wires/tool-loop.yaml'], cwd: fixtures });

    // The report lists scenarios by name.
    expect(report.scenarios.map((scenario) => [scenario.name, scenario.status, scenario.failures])).toEqual([
      ['tool loop with thinking [anthropic]', 'passed', []],
      ['tool loop with thinking [bedrock]', 'passed', []],
      ['tool loop with thinking [gemini]', 'passed', []],
      ['tool loop with thinking [ollama]', 'passed', []],
      ['tool loop with thinking [openai-chat]', 'passed', []],
      ['tool loop with thinking [openai-responses]', 'passed', []],
    ]);
    expect(exitCode).toBe(0);
  });

  it('an agent that drops thinking between tool rounds fails on each wire that must carry it back, naming why', async () => {
    const { report } = await runScenarios({ paths: ['wires/drop-thinking.yaml'], cwd: fixtures });

    expect(outcomes(report.scenarios)).toEqual({
      'history without thinking [anthropic]': [
        expect.stringMatching(
          /messages\[1\] echoes answer .* but its reasoning blocks differ .*received none/u,
        ),
      ],
      'history without thinking [bedrock]': [
        expect.stringMatching(/stopped with 'model_error' \(Bedrock answered 400 \(ValidationException\)/u),
        expect.stringContaining('expected the answer to equal'),
        expect.stringMatching(
          /fake LLM rule bedrock\/reasoning-continuity\): .*When `thinking` is enabled, a final `assistant` message must start with a thinking block/u,
        ),
      ],
      'history without thinking [openai-chat]': 'passed',
      // Gemini's thoughts need not come back: the signature on the call carries the reasoning.
      'history without thinking [gemini]': 'passed',
      // Ollama takes a history without thinking: the model starts the round from the transcript alone.
      'history without thinking [ollama]': 'passed',
      'history without thinking [openai-responses]': [
        expect.stringContaining("'model_error'"),
        expect.stringContaining('expected the answer to equal'),
        expect.stringMatching(
          /fake LLM rule responses\/reasoning-continuity\): Item 'fc_\w+' of type 'function_call' was provided without its required 'reasoning' item/u,
        ),
      ],
    });
  });

  it('an agent that drops what tool calls carry fails on each wire that needs it back, and passes on the others', async () => {
    const { report } = await runScenarios({ paths: ['wires/drop-call-data.yaml'], cwd: fixtures });

    expect(outcomes(report.scenarios)).toEqual({
      'tool calls without what they carried [anthropic]': 'passed',
      'tool calls without what they carried [bedrock]': 'passed',
      'tool calls without what they carried [openai-chat]': 'passed',
      'tool calls without what they carried [openai-responses]': 'passed',
      'tool calls without what they carried [gemini]': [
        expect.stringContaining("'model_error'"),
        expect.stringContaining('expected the answer to equal'),
        expect.stringMatching(
          /fake LLM rule gemini\/thought-signature\): Function call is missing a thought_signature in functionCall parts/u,
        ),
      ],
      'tool calls without what they carried [ollama]': 'passed',
    });
  });
});

/** Each scenario's outcome: `passed`, or its failures' messages. */
function outcomes(
  scenarios: ReadonlyArray<{ name: string; status: string; failures: ReadonlyArray<{ message: string }> }>,
): Record<string, string | string[]> {
  return Object.fromEntries(
    scenarios.map((scenario) => [
      scenario.name,
      scenario.status === 'passed' ? 'passed' : scenario.failures.map((failure) => failure.message),
    ]),
  );
}
