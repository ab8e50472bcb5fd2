import { escapeLine } from '../report/escape-control-characters.js';
import type { ProgramOutput } from './create-program.js';

/** Says, on stderr, which agent modules were not loaded for being outside the project, and what that means. */
export function reportAgentsNotLoaded({
  output,
  command,
  scenarios,
}: {
  output: ProgramOutput;
  command: 'validate' | 'list';
  scenarios: ReadonlyArray<{ file: string; agentNotLoaded?: string | undefined }>;
}): void {
  for (const { file, agentNotLoaded } of scenarios) {
    if (agentNotLoaded === undefined) continue;
    output.stderr(
      `${escapeLine(`Not loaded: ${agentNotLoaded}, the agent of ${file}, is outside the project (the working directory, the scenario's directory and the config file's); ${command} runs no code from outside it, so the agent's tools and options were not checked. \`toolloop-eval run\` loads it.`)}\n`,
    );
  }
}
