import { describe, expect, it } from 'vitest';
import { DataDirFullError } from '../db/embedded.ts';
import { startupFailure } from './startup-failure.ts';

describe('startupFailure on a full disk', () => {
  it('names the directory whose disk is full', () => {
    expect(startupFailure(new DataDirFullError('/var/lib/habi/1/pglite', 512 * 1024))).toBe(
      'Cannot start: the disk holding /var/lib/habi/1/pglite is full (0 MB free). Free some space there, then start again.',
    );
    const mkdir = Object.assign(new Error('ENOSPC: no space left on device, mkdir'), {
      code: 'ENOSPC',
      syscall: 'mkdir',
      path: '/var/lib/habi/1/uploads',
    });
    expect(startupFailure(mkdir)).toBe(
      'Cannot start: the disk holding /var/lib/habi/1 is full. Free some space there, then start again.',
    );
  });

  it("says PostgreSQL's disk is full in PostgreSQL's words", () => {
    const error = {
      cause: { code: '53100', message: 'could not extend file "base/16384/2619": No space left on device' },
    };
    expect(startupFailure(error)).toBe(
      `Cannot start: PostgreSQL's disk is full (could not extend file "base/16384/2619": No space left on device). ` +
        'Free some space there, then start again.',
    );
  });

  it('leaves a fault in the code to its stack', () => {
    expect(startupFailure(new TypeError('x is undefined'))).toBeUndefined();
  });
});
