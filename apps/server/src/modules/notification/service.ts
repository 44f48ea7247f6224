import type { CommunicationRequest } from '@croupier/contracts';
import type { Db } from '../../db/client.ts';
import { communications } from './schema.ts';

export async function saveCommunication(
  db: Db,
  input: CommunicationRequest & { ip: string | null; country: string | null; userAgent: string | null },
): Promise<string> {
  const [row] = await db.insert(communications).values(input).returning({ id: communications.id });
  return row!.id;
}
