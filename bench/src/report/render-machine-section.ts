import type { MachineDescription } from './describe-machine.js';

/** The machine as a short Markdown list. */
export function renderMachineSection(machine: MachineDescription): string {
  const load = machine.loadAverage.map((value) => value.toFixed(2)).join(', ');
  return [
    `- CPU: ${machine.cpuCount} × ${machine.cpuModel}`,
    `- memory: ${machine.memoryGigabytes} GiB; OS: ${machine.os}`,
    `- Node ${machine.node}`,
    `- load average at the start (1, 5, 15 min): ${load}`,
    `- date: ${machine.date}`,
  ].join('\n');
}
