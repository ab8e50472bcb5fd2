import type { Model, ModelStreamPart } from '@toolloop/core';
import type { SessionLeaseResult, SessionStore } from '@toolloop/core/session';
import type { CrashPoint } from './create-loop-turn-runner.js';

/** What a crashed host gets from its store, its tools and its model: nothing more reaches the session. */
export class HostEndedError extends Error {
  constructor() {
    super("The host ended here (the scenario's crash).");
    this.name = 'HostEndedError';
  }
}

/** What a crash changes of a host: what its store, its model and the run read. */
export interface HostState {
  /** Set by a crash: the host's store refuses everything from then on. */
  ended: boolean;
  /** The crash armed for the turn under way, and the model requests the turn has made. */
  armed: { point: CrashPoint; requests: number; trigger: () => void } | undefined;
  /** The end of the manager's work after a crash (`dispose`). */
  disposed: Promise<void> | undefined;
  /** Told what each lease request of the host's store answered (a new host after a crash watches it). */
  onLease: ((lease: SessionLeaseResult) => void) | undefined;
}

/** Whether a call of the tool named `name` is the one a `tool-started` or `tool-finished` crash waits for. */
export function fitsTool(point: CrashPoint, name: string): boolean {
  return point.at !== 'mid-stream' && (point.tool === undefined || point.tool === name);
}

/**
 * The host's view of the store: refused once the host has ended, and watched for a `tool-finished` crash, which
 * ends the host once a save has recorded the finished call in the session's tool journal (the save lands, and
 * the host never learns it did).
 */
export function endWithHost(store: SessionStore, host: HostState): SessionStore {
  const refuseEnded = () => {
    if (host.ended) throw new HostEndedError();
  };
  return {
    async load(id) {
      refuseEnded();
      const loaded = await store.load(id);
      refuseEnded();
      return loaded;
    },
    async save(session, options) {
      refuseEnded();
      const version = await store.save(session, options);
      const point = host.armed?.point;
      if (
        point?.at === 'tool-finished' &&
        Object.values(session.toolJournal ?? {}).some(
          (entry) => entry.status === 'finished' && fitsTool(point, entry.name),
        )
      ) {
        host.armed?.trigger();
      }
      refuseEnded();
      return version;
    },
    async delete(id) {
      refuseEnded();
      await store.delete(id);
    },
    async list() {
      refuseEnded();
      return store.list();
    },
    async acquireLease(id, request) {
      refuseEnded();
      const lease = await store.acquireLease(id, request);
      refuseEnded();
      host.onLease?.(lease);
      return lease;
    },
    async releaseLease(id, owner) {
      refuseEnded();
      await store.releaseLease(id, owner);
    },
  };
}

/**
 * The host's model, which a `mid-stream` crash cuts: once the round's answer has streamed its first part (text,
 * thinking or a content block), the host ends and its stream with it. Every stream of an ended host ends at once.
 */
export function cutWithHost(model: Model, host: HostState): Model {
  return {
    ...model,
    stream(request) {
      const parts = model.stream(request);
      const armed = host.armed;
      if (armed !== undefined) armed.requests += 1;
      const round = armed?.requests;
      return (async function* cut(): AsyncGenerator<ModelStreamPart> {
        for await (const part of parts) {
          if (host.ended) throw new HostEndedError();
          yield part;
          const point = host.armed?.point;
          if (
            point?.at === 'mid-stream' &&
            round === (point.round ?? 1) &&
            part.type !== 'warning' &&
            part.type !== 'finish'
          ) {
            host.armed?.trigger();
            throw new HostEndedError();
          }
        }
      })();
    },
  };
}
