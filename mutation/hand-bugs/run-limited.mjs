// @ts-check
/* global process, setTimeout, clearTimeout, Buffer */
import { spawn } from 'node:child_process';
import { relative } from 'node:path';

/** The child process running now, ended (its whole process group) by `stopRunning`. */
/** @type {import('node:child_process').ChildProcess | undefined} */
let running;

/**
 * Runs a command in a process group of its own, its output kept; past `limitMs` the whole group is ended.
 * @param {{ command: string; args: string[]; cwd: string; limitMs: number }} options
 * @returns {Promise<{ outcome: 'passed' | 'failed' | 'timeout'; output: string }>}
 */
export function runLimited({ command, args, cwd, limitMs }) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      // Colours off: the output goes to a log file.
      env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1', CI: '1' },
    });
    running = child;
    /** @type {Buffer[]} */
    const chunks = [];
    child.stdout.on('data', (/** @type {Buffer} */ chunk) => chunks.push(chunk));
    child.stderr.on('data', (/** @type {Buffer} */ chunk) => chunks.push(chunk));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      if (child.pid !== undefined) killGroup(child.pid);
    }, limitMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      running = undefined;
      reject(error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      running = undefined;
      const output = Buffer.concat(chunks).toString('utf8');
      resolve({ outcome: timedOut ? 'timeout' : code === 0 ? 'passed' : 'failed', output });
    });
  });
}

/**
 * Runs a command that must succeed: a failure or an overrun throws, with the end of its output.
 * @param {string} command
 * @param {string[]} args
 * @param {string} cwd
 * @param {number} limitMs
 */
export async function mustSucceed(command, args, cwd, limitMs) {
  const { outcome, output } = await runLimited({ command, args, cwd, limitMs });
  if (outcome !== 'passed') {
    throw new Error(
      `\`${[relative(cwd, command) || command, ...args].join(' ')}\` in ${cwd} ${outcome === 'timeout' ? `did not end within ${limitMs / 60_000} min` : 'failed'}:\n${output.trim().split('\n').slice(-30).join('\n')}`,
    );
  }
}

/** Ends the command running now, if one is, with its whole process group (on Ctrl+C). */
export function stopRunning() {
  if (running?.pid !== undefined) killGroup(running.pid);
}

/** Ends a process group this module started (its leader's pid), and everything in it. @param {number} pid */
function killGroup(pid) {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}
