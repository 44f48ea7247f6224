import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIG_CHANNEL, changeConfig, createConfigBus } from '../../src/config-bus/index.ts';
import { createTestApp, databaseKind, type TestApp } from '../harness.ts';

// The configuration bus (decision 0122): a change applies on the writer's instance at commit, reaches every
// instance through the outbox, and a rolled-back change reaches nobody.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe(`configuration bus (${databaseKind})`, () => {
  it('applies a committed change here at once, then again when the outbox delivers it', async () => {
    const { db } = t.database;
    let heard = 0;
    const off = t.app.configBus.on('content', () => heard++);
    const before = t.app.configBus.received.content;
    await changeConfig(db, ['content'], async (tx) => {
      await tx.execute(sql`select 1`);
    });
    expect(heard).toBe(1);
    await t.app.outbox.drain();
    expect(t.app.configBus.received.content).toBe(before + 1);
    expect(heard).toBe(2);
    off();
  });

  it('a rolled-back change is neither applied nor sent', async () => {
    const { db } = t.database;
    let heard = 0;
    const off = t.app.configBus.on('settings', () => heard++);
    await expect(
      changeConfig(db, ['settings'], async () => {
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    await t.app.outbox.drain();
    expect(heard).toBe(0);
    const sent = await t.published(CONFIG_CHANNEL);
    expect(sent.filter((m) => (m.data as { scopes: string[] }).scopes.includes('settings'))).toEqual([]);
    off();
  });

  it('drops a malformed change instead of blocking the channel', async () => {
    const errors: unknown[] = [];
    const bus = createConfigBus(undefined, { error: (obj) => errors.push(obj) });
    await bus.start();
    let heard = 0;
    bus.on('lobby', () => heard++);
    const message = { id: 1n, channel: CONFIG_CHANNEL, event: 'config.changed', createdAt: new Date() };
    await bus.publisher.publish({ ...message, data: { scopes: ['nonsense'] } });
    expect(errors).toHaveLength(1);
    await bus.publisher.publish({ ...message, data: { scopes: ['lobby'] } });
    expect(heard).toBe(1);
    await bus.close();
  });
});
