import { AsyncResource } from 'node:async_hooks';
import { once } from 'node:events';
import { connect, createServer as createHttp2Server } from 'node:http2';
import { connect as connectSocket, createServer, type AddressInfo } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { createLeftoverTracker } from './create-leftover-tracker.js';

describe('createLeftoverTracker', () => {
  it('lists a timer its label started and never stopped, with its period and where it was started', async () => {
    const tracker = createLeftoverTracker({ cwd: import.meta.dirname });
    let interval: NodeJS.Timeout | undefined;
    try {
      await tracker.run('leaky', async () => {
        await Promise.resolve();
        interval = setInterval(() => undefined, 60_000);
      });

      expect(await tracker.leftovers('leaky')).toEqual([
        expect.stringMatching(
          /^a timer of 60 s, started at create-leftover-tracker\.isolated\.test\.ts:\d+:\d+$/,
        ),
      ]);
    } finally {
      clearInterval(interval);
      tracker.close();
    }
  });

  it('lists a server left listening', async () => {
    const tracker = createLeftoverTracker();
    const server = createServer();
    try {
      await tracker.run(
        'serves',
        () => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve)),
      );

      // The handle is made after the call returns, on node's own stack: no line of the test to name.
      expect(await tracker.leftovers('serves')).toEqual([expect.stringMatching(/^a server/)]);
    } finally {
      server.close();
      tracker.close();
    }
  });

  it('lists nothing for work that stopped what it started, or left only what does not hold the process', async () => {
    const tracker = createLeftoverTracker();
    try {
      await tracker.run('tidy', async () => {
        clearTimeout(setTimeout(() => undefined, 60_000));
        await new Promise((resolve) => setTimeout(resolve, 1));
        setTimeout(() => undefined, 60_000).unref();
      });

      expect(await tracker.leftovers('tidy')).toEqual([]);
    } finally {
      tracker.close();
    }
  });

  it('lists nothing for a server and a connection its work closed', async () => {
    const tracker = createLeftoverTracker();
    try {
      await tracker.run('closes', async () => {
        const server = createServer((socket) => socket.end());
        await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
        const client = connectSocket((server.address() as AddressInfo).port);
        await once(client, 'close');
        await new Promise((resolve) => server.close(resolve));
      });

      expect(await tracker.leftovers('closes')).toEqual([]);
    } finally {
      tracker.close();
    }
  });

  it("does not list a timer that fired under its label and was refreshed outside it: it is the refresh's", async () => {
    const tracker = createLeftoverTracker();
    let timer: NodeJS.Timeout | undefined;
    try {
      await tracker.run('fired', async () => {
        await new Promise<void>((resolve) => {
          timer = setTimeout(resolve, 1);
        });
      });
      timer?.refresh();

      expect(await tracker.leftovers('fired')).toEqual([]);
    } finally {
      clearTimeout(timer);
      tracker.close();
    }
  });

  it('counts nothing of a resource made by other code under a handle type, which cannot say what it holds', async () => {
    const tracker = createLeftoverTracker();
    try {
      await tracker.run('own resources', async () => {
        // More than the tracker keeps before it sweeps out what is closed: the sweep asks each of them too.
        for (let index = 0; index < 1100; index += 1) new AsyncResource('TCPWRAP');
        new AsyncResource('Timeout');
        await Promise.resolve();
      });

      expect(await tracker.leftovers('own resources')).toEqual([]);
    } finally {
      tracker.close();
    }
  });

  it('lets go of what closed under a label never asked about, however much was started', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const tracker = createLeftoverTracker();
    const timers: Array<WeakRef<NodeJS.Timeout>> = [];
    try {
      await tracker.run('never asked', async () => {
        for (let index = 0; index < 5000; index += 1) {
          const timer = setTimeout(() => undefined, 60_000);
          clearTimeout(timer);
          timers.push(new WeakRef(timer));
        }
        await Promise.resolve();
      });
      await new Promise((resolve) => setImmediate(resolve));
      gc();

      // Kept only since the last sweep, which comes whenever what is tracked has doubled.
      expect(timers.filter((timer) => timer.deref() !== undefined).length).toBeLessThan(2500);
    } finally {
      tracker.close();
    }
  });

  it('lists nothing for an HTTP/2 session its work destroyed as its stream ended, whose socket closes turns later', async () => {
    const server = createHttp2Server((_request, response) => {
      response.end('done');
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    const tracker = createLeftoverTracker({ cwd: import.meta.dirname });
    try {
      await tracker.run('http2', async () => {
        const session = connect(`http://127.0.0.1:${port}`);
        const stream = session.request({ ':path': '/' });
        stream.end();
        // As the AWS SDK does with a stream's own session: closed at the answer's headers, destroyed at its end.
        stream.on('response', () => {
          session.close();
        });
        stream.on('end', () => {
          session.destroy();
        });
        stream.resume();
        await once(stream, 'end');
      });

      expect(await tracker.leftovers('http2')).toEqual([]);
    } finally {
      tracker.close();
      server.close();
    }
  });

  it('still lists a timer left beside a socket that closes late: the extra turns are for sockets', async () => {
    const server = createHttp2Server((_request, response) => {
      response.end('done');
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    const tracker = createLeftoverTracker({ cwd: import.meta.dirname });
    let timer: NodeJS.Timeout | undefined;
    try {
      await tracker.run('both', async () => {
        timer = setTimeout(() => undefined, 200);
        const session = connect(`http://127.0.0.1:${port}`);
        const stream = session.request({ ':path': '/' });
        stream.end();
        stream.on('response', () => {
          session.close();
        });
        stream.on('end', () => {
          session.destroy();
        });
        stream.resume();
        await once(stream, 'end');
      });

      expect(await tracker.leftovers('both')).toEqual([
        expect.stringMatching(
          /^a timer of 0\.2 s, started at create-leftover-tracker\.isolated\.test\.ts:\d+:\d+$/u,
        ),
      ]);
    } finally {
      clearTimeout(timer);
      tracker.close();
      server.close();
    }
  });

  it("keeps labels apart, and counts nothing started outside `run` as a label's", async () => {
    const tracker = createLeftoverTracker();
    const outside = setInterval(() => undefined, 60_000);
    let inside: NodeJS.Timeout | undefined;
    try {
      await tracker.run('one', async () => {
        inside = setInterval(() => undefined, 60_000);
      });
      await tracker.run('two', async () => undefined);

      expect(await tracker.leftovers('two')).toEqual([]);
      expect(await tracker.leftovers('one')).toHaveLength(1);
    } finally {
      clearInterval(outside);
      clearInterval(inside);
      tracker.close();
    }
  });

  it("counts a run inside another as both labels', and lists a part's timers alone when asked", async () => {
    const tracker = createLeftoverTracker({ cwd: import.meta.dirname });
    const server = createServer();
    let timer: NodeJS.Timeout | undefined;
    try {
      await tracker.run('scenario', () =>
        tracker.run('turn 1', async () => {
          await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
          timer = setInterval(() => undefined, 60_000);
        }),
      );

      // The turn's timer is named with the turn; its server is left to the scenario, which ends later.
      expect(await tracker.leftovers('turn 1', { timersOnly: true })).toEqual([
        expect.stringMatching(/^a timer of 60 s, started at create-leftover-tracker\.isolated\.test\.ts:/),
      ]);
      // What a label listed is forgotten: the scenario is not told of the timer twice.
      expect(await tracker.leftovers('scenario')).toEqual([expect.stringMatching(/^a server/)]);
    } finally {
      clearInterval(timer);
      server.close();
      tracker.close();
    }
  });

  it('lists a listener its label added to the process and never removed, with where it was added', async () => {
    const tracker = createLeftoverTracker({ cwd: import.meta.dirname });
    const kept = () => undefined;
    const removed = () => undefined;
    try {
      await tracker.run('listens', async () => {
        process.on('beforeExit', kept);
        process.once('beforeExit', removed);
        process.off('beforeExit', removed);
      });

      expect(await tracker.leftovers('listens')).toEqual([
        expect.stringMatching(
          /^a listener of process 'beforeExit', added at create-leftover-tracker\.isolated\.test\.ts:\d+:\d+$/,
        ),
      ]);
      expect(await tracker.leftovers('listens')).toEqual([]);
    } finally {
      process.off('beforeExit', kept);
      tracker.close();
    }
    // Closed, it leaves the process its own methods.
    expect(Reflect.get(process, 'on')).toBe(Reflect.get(process, 'addListener'));
  });
});
