import { describe, expect, it } from 'vitest';
import { afterNextPaint } from './after-paint';

const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
const task = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('after the next paint', () => {
  it('runs the work after a frame and the task it queues, and not once called off', async () => {
    const ran: string[] = [];
    afterNextPaint(() => ran.push('kept'));
    const cancel = afterNextPaint(() => ran.push('called off'));
    cancel();
    expect(ran).toEqual([]);
    await frame();
    expect(ran).toEqual([]);
    await task();
    await task();
    expect(ran).toEqual(['kept']);
  });
});
