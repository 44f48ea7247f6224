import type { ActivityBet } from '@croupier/contracts';
import { useEffect, useRef, useState } from 'react';
import { readHistory, usePublicChannel } from '../realtime/index.ts';
import { BOARD_SIZE, betOf, prepend, withHistory } from './board-rows.ts';

export interface LiveBoard {
  rows: ActivityBet[];
  /** False until the first history answer (or its failure): the table shows its skeleton. */
  loaded: boolean;
  /** Ids of rows that arrived live (highlighted once). */
  fresh: ReadonlySet<string>;
}

/**
 * One board, live: subscribes to its channel and, each time the subscription (re)starts, reads the
 * channel's history (newest first, 11 rows) under the rows already received live, so a reconnect fills
 * what it missed (decision 0072).
 */
export function useLiveBoard(channel: string): LiveBoard {
  const [rows, setRows] = useState<ActivityBet[]>([]);
  const [loaded, setLoaded] = useState(false);
  const [fresh, setFresh] = useState<ReadonlySet<string>>(new Set());
  // Only the newest history read is applied, and none after the board left or changed channel.
  const reads = useRef(0);
  useEffect(
    () => () => {
      reads.current += 1;
    },
    [channel],
  );
  usePublicChannel<unknown>(
    channel,
    (data) => {
      const bet = betOf(data);
      if (!bet) return;
      setRows((current) => prepend(current, bet));
      setFresh((current) => new Set([...current, bet.id].slice(-BOARD_SIZE)));
    },
    () => {
      const read = ++reads.current;
      readHistory(channel, BOARD_SIZE)
        .then((history) => read === reads.current && setRows((live) => withHistory(live, history)))
        .catch((error: unknown) => console.warn('activity board history failed', channel, error))
        .finally(() => read === reads.current && setLoaded(true));
    },
  );
  return { rows, loaded, fresh };
}
