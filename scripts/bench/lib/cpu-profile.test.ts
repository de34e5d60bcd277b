import { describe, expect, it } from 'vitest';
import { areaOf, summarizeProfile, type CpuProfile } from './cpu-profile';

const root = '/repo';
const frame = (functionName: string, url = '', lineNumber = 0) => ({
  functionName,
  url,
  lineNumber,
  columnNumber: 0,
});

describe('CPU profile summary', () => {
  it('names the area of a frame: a package, node itself, or a folder of ours', () => {
    expect(areaOf(frame('route', 'file:///repo/node_modules/fastify/lib/route.js'), root)).toBe('fastify');
    expect(areaOf(frame('x', 'file:///repo/node_modules/@fastify/helmet/index.js'), root)).toBe(
      '@fastify/helmet',
    );
    expect(areaOf(frame('emit', 'node:events'), root)).toBe('node:events');
    expect(areaOf(frame('tick', 'node:internal/process/task_queues'), root)).toBe('node:internal');
    expect(areaOf(frame('send', 'file:///repo/server/modules/chat/chat.send.ts'), root)).toBe(
      'server/modules',
    );
    expect(areaOf(frame('(garbage collector)'), root)).toBe('(garbage collector)');
    expect(areaOf(frame('writev'), root)).toBe('(native)');
  });

  it('adds up self time per function and area, leaving idle time out of the shares', () => {
    const profile: CpuProfile = {
      nodes: [
        { id: 1, callFrame: frame('(root)'), children: [2, 3, 4, 5] },
        { id: 2, callFrame: frame('(idle)') },
        { id: 3, callFrame: frame('route', 'file:///repo/node_modules/fastify/lib/route.js', 9) },
        { id: 4, callFrame: frame('send', 'file:///repo/server/modules/chat/chat.send.ts', 19) },
        {
          id: 5,
          callFrame: frame('restartChildProfiler', 'file:///repo/scripts/bench/lib/child-profiler.ts'),
          children: [6],
        },
        { id: 6, callFrame: frame('dispatch') },
      ],
      samples: [2, 3, 3, 4, 2, 6],
      timeDeltas: [5000, 3000, 3000, 2000, 7000, 4000],
      startTime: 0,
      endTime: 20000,
    };
    const summary = summarizeProfile(profile, root);
    // The profiler's own restart is neither the app's busy time nor a function of its.
    expect(summary).toMatchObject({ busyMs: 8, idleMs: 12, profilerMs: 4 });
    expect(summary.functions).toEqual([
      { name: 'route fastify/lib/route.js:10', ms: 6, share: 0.75 },
      { name: 'send server/modules/chat/chat.send.ts:20', ms: 2, share: 0.25 },
    ]);
    expect(summary.areas.map((area) => area.name)).toEqual(['fastify', 'server/modules']);
  });
});
