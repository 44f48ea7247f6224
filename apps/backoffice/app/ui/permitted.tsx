import type { Permission } from '@croupier/contracts/backoffice/roles';
import type { ReactNode } from 'react';
import { allows } from '../lib/permissions.ts';
import { useMe } from '../lib/session.ts';

/** A screen the role cannot use says so (the server refuses it anyway, 20003); the nav already hides it. */
export function Permitted({ permission, children }: { permission: Permission; children: ReactNode }) {
  const me = useMe();
  if (!allows(me?.permissions, permission)) {
    return (
      <section className="panel">
        <h1>Not for your role</h1>
        <p>Your role ({me?.role}) may not open this page. Ask an owner or an administrator if you need it.</p>
      </section>
    );
  }
  return <>{children}</>;
}

/** Whether the signed-in staff member's role has a permission (to hide an action the server would refuse). */
export function useAllows(): (permission: Permission) => boolean {
  const me = useMe();
  return (permission) => allows(me?.permissions, permission);
}
