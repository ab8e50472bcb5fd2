import { cpus, loadavg, totalmem, type } from 'node:os';

/** The machine a benchmark ran on, for the report. */
export interface MachineDescription {
  cpuModel: string;
  cpuCount: number;
  memoryGigabytes: number;
  os: string;
  node: string;
  /** The 1, 5 and 15 minute load averages when the run started: other work on the machine skews figures. */
  loadAverage: [number, number, number];
  date: string;
}

/** Describes this machine and process now: CPUs, memory, OS, Node version, load and the date (ISO 8601). */
export function describeMachine(): MachineDescription {
  const processors = cpus();
  const [one = 0, five = 0, fifteen = 0] = loadavg();
  return {
    cpuModel: processors[0]?.model.trim() ?? 'unknown',
    cpuCount: processors.length,
    memoryGigabytes: Math.round(totalmem() / 1024 ** 3),
    os: `${type()} ${process.arch}`,
    node: process.version,
    loadAverage: [one, five, fifteen],
    date: new Date().toISOString(),
  };
}
