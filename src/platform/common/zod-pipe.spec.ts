import { z } from 'zod';
import { InvalidParameterError } from './app-error.js';
import { ZodPipe } from './zod-pipe.js';

const schema = z.object({
  title: z.string().max(3, 'must be at most 3 characters'),
  tags: z.array(z.string()).optional(),
});

function refusal(run: () => unknown): InvalidParameterError {
  try {
    run();
  } catch (error) {
    if (error instanceof InvalidParameterError) return error;
    throw error;
  }
  throw new Error('no refusal');
}

describe('ZodPipe', () => {
  const pipe = new ZodPipe(schema);

  it('passes a valid value through, parsed', () => {
    expect(pipe.transform({ title: 'abc', extra: 1 }, { type: 'body' })).toEqual({ title: 'abc' });
  });

  it('names each bad field and what it must be, as A0002 with data', () => {
    const error = refusal(() => pipe.transform({ title: 'abcd' }, { type: 'body' }));
    expect(error.code).toBe('A0002');
    expect(error.message).toBe('title: must be at most 3 characters');
    expect(error.fields).toEqual({ title: 'must be at most 3 characters' });
  });

  it('refuses a NUL character anywhere, naming where, before the schema runs', () => {
    expect(refusal(() => pipe.transform({ title: 'a', tags: ['ok', 'b\u0000'] }, { type: 'body' })).message).toBe(
      'tags.1: must not contain the NUL character (\\u0000)',
    );
    expect(refusal(() => pipe.transform({ 'k\u0000': 1 }, { type: 'body' })).message).toContain('k\u0000');
  });

  it('names a path parameter by its route name', () => {
    const param = new ZodPipe(z.string().regex(/^[0-9a-f]{32}$/, 'must be 32 lowercase hex characters'));
    expect(refusal(() => param.transform('nope', { type: 'param', data: 'uuid' })).message).toBe(
      'uuid: must be 32 lowercase hex characters',
    );
  });
});
