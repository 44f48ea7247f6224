import { describe, expect, it } from 'vitest';
import { ApiError, CommunicationRequest, ErrorCode, GameStart, issuesToFields } from '../src/index.ts';

describe('ApiError', () => {
  it('is recognised across copies of the module by its brand', () => {
    const local = ApiError.of(ErrorCode.notFound, 'x');
    expect(local).toBeInstanceOf(ApiError);
    expect(local.status).toBe(404);
    // What another bundle's ApiError looks like to this one: same brand, different class.
    const foreign = Object.assign(new Error('y'), { [Symbol.for('croupier.ApiError')]: true, status: 422 });
    expect(foreign instanceof ApiError).toBe(true);
    expect(new Error('z') instanceof ApiError).toBe(false);
    expect((null as unknown) instanceof ApiError).toBe(false);
  });
});

describe('field messages', () => {
  it('says "required" for empty fields before any other rule', () => {
    const result = CommunicationRequest.safeParse({ email: '', message: '   ' });
    expect(result.success).toBe(false);
    const fields = issuesToFields(result.error!.issues);
    expect(fields.email?.[0]).toBe('This field is required.');
    expect(fields.message?.[0]).toBe('This field is required.');
  });

  it('names the broken rule otherwise', () => {
    const result = CommunicationRequest.safeParse({ email: 'nope', message: 'short' });
    const fields = issuesToFields(result.error!.issues);
    expect(fields.email).toEqual(['Must be a valid e-mail address.']);
    expect(fields.message).toEqual(['Must be at least 10 characters.']);
  });

  it('tells a missing field from one of the wrong type', () => {
    const missing = issuesToFields(GameStart.safeParse({}).error!.issues);
    expect(missing.demoMode).toEqual(['This field is required.']);
    const wrong = issuesToFields(GameStart.safeParse({ demoMode: 'yes', platform: null }).error!.issues);
    expect(wrong.demoMode).toEqual(['Must be a boolean.']);
    expect(wrong.platform?.[0]).toBeDefined();
  });
});
