import { describe, expect, it, vi } from 'vitest';
import { createConsoleGuard } from './console-guard';

const fakeConsole = () => ({ error: vi.fn(), warn: vi.fn() });

describe('the console guard', () => {
  it('reports an undeclared console.error or console.warn, and still shows it', () => {
    const target = fakeConsole();
    const { error, warn } = target;
    const guard = createConsoleGuard(target);
    guard.start();
    target.error('Something broke', { code: 'X' });
    target.warn('Careful');
    expect(guard.finish()).toEqual([
      "unexpected console.error: Something broke { code: 'X' }",
      'unexpected console.warn: Careful',
    ]);
    expect(error).toHaveBeenCalledWith('Something broke', { code: 'X' });
    expect(warn).toHaveBeenCalledWith('Careful');
    expect(target.error).toBe(error);
  });

  it('lets a declared message through silently, and reports a declaration never logged', () => {
    const target = fakeConsole();
    const { error } = target;
    const guard = createConsoleGuard(target);
    guard.start();
    guard.expect('error', /did not match the contract/);
    guard.expect('warn', /refused/);
    target.error('A chat.typing event did not match the contract', { issues: [] });
    expect(guard.finish()).toEqual(['expected console.warn matching /refused/ was never logged']);
    expect(error).not.toHaveBeenCalled();
  });

  it('gives way to a test that replaces the console itself', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    console.error('handled by the test');
    expect(spy).toHaveBeenCalledWith('handled by the test');
    spy.mockRestore();
  });
});
