import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { guardProcess, isClientGone } from './process-guard.ts';

function setUp() {
  const target = new EventEmitter();
  const logged: { level: string; message: string }[] = [];
  const fatal: Error[] = [];
  const guard = guardProcess(
    target,
    {
      error: (_details, message) => logged.push({ level: 'error', message }),
      fatal: (_details, message) => logged.push({ level: 'fatal', message }),
    },
    (error) => fatal.push(error),
  );
  return { target, logged, fatal, guard };
}

describe('process guard', () => {
  it('logs and survives a promise rejection nobody handled', () => {
    const { target, logged, fatal, guard } = setUp();
    const error = Object.assign(new Error('Cannot call write after a stream was destroyed'), {
      code: 'ERR_STREAM_DESTROYED',
    });
    target.emit('unhandledRejection', error);
    target.emit('unhandledRejection', 'a plain reason');
    expect(guard.survived()).toBe(2);
    expect(fatal).toEqual([]);
    expect(logged.map((entry) => entry.level)).toEqual(['error', 'error']);
  });

  it('survives an uncaught error of a connection a client closed', () => {
    const { target, fatal, guard } = setUp();
    target.emit('uncaughtException', Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }));
    target.emit('uncaughtException', Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));
    expect(guard.survived()).toBe(2);
    expect(fatal).toEqual([]);
  });

  it('hands any other uncaught exception to the graceful exit, once', () => {
    const { target, logged, fatal, guard } = setUp();
    const broken = new TypeError('undefined is not a function');
    target.emit('uncaughtException', broken);
    target.emit('uncaughtException', new Error('a second one while closing'));
    expect(fatal).toEqual([broken]);
    expect(guard.survived()).toBe(0);
    expect(logged.filter((entry) => entry.level === 'fatal')).toHaveLength(2);
  });

  it('tells client-gone errors by their code only', () => {
    expect(isClientGone(Object.assign(new Error('x'), { code: 'ERR_STREAM_PREMATURE_CLOSE' }))).toBe(true);
    expect(isClientGone(new Error('ECONNRESET in the message is not enough'))).toBe(false);
    expect(isClientGone(null)).toBe(false);
    expect(isClientGone({ code: 42 })).toBe(false);
  });
});
