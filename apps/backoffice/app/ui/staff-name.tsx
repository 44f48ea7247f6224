import { useQuery } from '@tanstack/react-query';
import { api } from '../lib/api.ts';
import { shortId } from '../lib/format.ts';
import { useMe } from '../lib/session.ts';
import { useAllows } from './permitted.tsx';

/**
 * A staff member by name where the role may list staff (`staff:manage`: owner and admin, who read the audit
 * log), else by the start of their id; "you" for the signed-in one. One cached list serves every cell.
 */
export function StaffName({ id }: { id: string | null }) {
  const me = useMe();
  const allows = useAllows();
  const names = useQuery({
    queryKey: ['staff', 'names'],
    queryFn: async () => {
      const { data } = await api.staff.list({ query: { page: 1, perPage: 100 } });
      return new Map(data.map((s) => [s.id, s.name]));
    },
    enabled: allows('staff:manage'),
    staleTime: 300_000,
  });
  if (!id) return <>—</>;
  if (id === me?.id) return <span title={id}>you</span>;
  return <span title={id}>{names.data?.get(id) ?? shortId(id)}</span>;
}
