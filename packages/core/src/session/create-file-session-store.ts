import { randomUUID } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { InvalidConfigError } from '../errors/invalid-config-error.js';
import { removeApiKey } from './remove-api-key.js';
import type { SessionData } from './session-data.js';
import type { SessionStore } from './session-store.js';
import { sessionFileFormat, storedSessionSchema } from './stored-session-schema.js';
import { toConfigIssues } from './to-config-issues.js';

const idPattern = /^[a-zA-Z0-9_-]{1,128}$/;

/**
 * A store that keeps one JSON file per session (`<directory>/<id>.json`), so a restarted host resumes every
 * session. Each save writes a temporary file, flushes it to disk and renames it over the old one: a crash at
 * any point leaves either the previous version or the new one. The API key is never written.
 *
 * @example
 * const manager = new SessionManager({ createModel, store: createFileSessionStore({ directory: '.sessions' }) });
 */
export function createFileSessionStore({ directory }: { directory: string }): SessionStore {
  const pathOf = (id: string) => join(directory, `${checkId(id)}.json`);

  return {
    async load(id) {
      const path = pathOf(id);
      let text: string;
      try {
        text = await readFile(path, 'utf8');
      } catch (error) {
        if (isMissingFile(error)) return undefined;
        throw error;
      }
      return parseSessionFile(text, path);
    },
    async save(session) {
      await mkdir(directory, { recursive: true });
      const path = pathOf(session.id);
      const temporaryPath = join(directory, `.${session.id}.${randomUUID()}.tmp`);
      try {
        const handle = await open(temporaryPath, 'w');
        try {
          await handle.writeFile(serialize(session));
          await handle.sync();
        } finally {
          await handle.close();
        }
        await rename(temporaryPath, path);
      } catch (error) {
        await rm(temporaryPath, { force: true });
        throw error;
      }
    },
    async delete(id) {
      await rm(pathOf(id), { force: true });
    },
    async list() {
      let names: string[];
      try {
        names = await readdir(directory);
      } catch (error) {
        if (isMissingFile(error)) return [];
        throw error;
      }
      return names
        .filter((name) => name.endsWith('.json') && idPattern.test(name.slice(0, -'.json'.length)))
        .map((name) => name.slice(0, -'.json'.length))
        .sort();
    },
  };
}

function serialize(session: SessionData): string {
  const stored = {
    format: sessionFileFormat,
    id: session.id,
    // Stripped here too, so a custom caller of the store cannot write a key to disk by mistake.
    llmConfig: removeApiKey(session.llmConfig),
    messages: session.messages,
    lastActivity: session.lastActivity.toISOString(),
    toolCallCount: session.toolCallCount,
  };
  return `${JSON.stringify(stored, null, 2)}\n`;
}

function parseSessionFile(text: string, path: string): SessionData {
  const subject = `session file '${path}'`;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new InvalidConfigError({
      subject,
      issues: [{ path: '(file)', message: `not valid JSON: ${reason}` }],
    });
  }
  const parsed = storedSessionSchema.safeParse(json);
  if (!parsed.success) throw new InvalidConfigError({ subject, issues: toConfigIssues(parsed.error.issues) });
  return parsed.data;
}

function checkId(id: string): string {
  if (idPattern.test(id)) return id;
  throw new InvalidArgumentError({
    argument: 'id',
    message: "a stored session id may use only letters, digits, '_' and '-' (at most 128).",
  });
}

function isMissingFile(error: unknown): boolean {
  return error instanceof Error && (error as NodeJS.ErrnoException).code === 'ENOENT';
}
