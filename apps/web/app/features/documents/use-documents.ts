import { endpoints, type PlayerDocument } from '@croupier/contracts';
import { useCallback, useEffect, useState } from 'react';
import { browserApi } from '../../shared/session/runtime.ts';
import { isLocal, LocalStatus, placeholderRow, type UploadFailure, uploadFailureOf } from './documents.ts';

export type ListState = 'loading' | 'ready' | 'failed';

/** A failed local row keeps why, for its message. */
export type DocumentRow = PlayerDocument & { failure?: UploadFailure };

const replace = (rows: DocumentRow[], id: string, next: DocumentRow) => rows.map((r) => (r.id === id ? next : r));

/**
 * The player's documents (api-contract §5): the list, uploads with a local placeholder row (status 0,
 * -1 with the reason when it fails) and deletion. Local rows stay on top of the server's list.
 */
export function useDocuments() {
  const [rows, setRows] = useState<DocumentRow[]>([]);
  const [state, setState] = useState<ListState>('loading');

  const load = useCallback(async () => {
    setState('loading');
    try {
      const { data } = await browserApi().player.documents();
      setRows((prev) => [...prev.filter(isLocal), ...data]);
      setState('ready');
    } catch {
      setState('failed');
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  /** Resolves true once the server has the file. */
  const upload = useCallback(async (type: string, file: File): Promise<boolean> => {
    const placeholder = placeholderRow(type, file.name);
    setRows((prev) => [placeholder, ...prev]);
    const body = new FormData();
    body.append('type', type);
    body.append('file', file, file.name);
    try {
      const data = await browserApi().call(endpoints.player.uploadDocument, { body });
      setRows((prev) => replace(prev, placeholder.id, data.data));
      return true;
    } catch (error) {
      const failed = { ...placeholder, status: LocalStatus.failed, failure: uploadFailureOf(error) };
      setRows((prev) => replace(prev, placeholder.id, failed));
      return false;
    }
  }, []);

  /** A file refused before sending: shown as a failed row without a request. */
  const reject = useCallback((type: string, fileName: string, failure: UploadFailure) => {
    const row = { ...placeholderRow(type, fileName), status: LocalStatus.failed, failure };
    setRows((prev) => [row, ...prev]);
  }, []);

  const dismiss = useCallback((id: string) => setRows((prev) => prev.filter((r) => r.id !== id)), []);

  /** Resolves true when the server deleted it; the answer is the remaining list (ignored by contract). */
  const remove = useCallback(async (id: string): Promise<boolean> => {
    try {
      await browserApi().player.deleteDocument({ params: { id } });
      setRows((prev) => prev.filter((r) => r.id !== id));
      return true;
    } catch {
      return false;
    }
  }, []);

  return { rows, state, reload: load, upload, reject, dismiss, remove };
}
