import type { CreateStaffRequest, StaffRow, UpdateStaffRequest } from '@croupier/contracts';
import { ROLES, type Role } from '@croupier/contracts/backoffice/roles';
import * as Menu from '@radix-ui/react-dropdown-menu';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { api } from '../lib/api.ts';
import { type Problem, problemOf } from '../lib/errors.ts';
import { formatAmount, formatTime } from '../lib/format.ts';
import { useMe } from '../lib/session.ts';
import { useUrlState } from '../lib/use-url-state.ts';
import { columnHelper, DataTable } from '../ui/data-table.tsx';
import { FormDialog } from '../ui/dialog.tsx';
import { Field, ReasonField } from '../ui/field.tsx';
import { Permitted, useAllows } from '../ui/permitted.tsx';
import { useToast } from '../ui/toast.tsx';

export const meta = () => [{ title: 'Staff · Croupier back office' }];

export default function Staff() {
  return (
    <Permitted permission="staff:manage">
      <StaffList />
    </Permitted>
  );
}

type Edit = { staff: StaffRow; change: 'role' | 'cap' | 'disabled' };

const col = columnHelper<StaffRow>();

/** Staff accounts (§3): create, change role, cap, or disable. Nobody changes their own role. */
function StaffList() {
  const me = useMe();
  const allows = useAllows();
  const { page, perPage, setPage } = useUrlState(50);
  const [creating, setCreating] = useState(false);
  const [edit, setEdit] = useState<Edit | null>(null);
  const list = useQuery({
    queryKey: ['staff', { page, perPage }],
    queryFn: () => api.staff.list({ query: { page, perPage } }),
    placeholderData: keepPreviousData,
  });
  // An owner account is changed only by an owner (staff:owners); the server refuses the rest anyway.
  const mayManage = (role: Role) => role !== 'owner' || allows('staff:owners');

  const columns = useMemo(
    () => [
      col.accessor('name', { header: 'Name' }),
      col.accessor('email', { header: 'E-mail' }),
      col.accessor('role', { header: 'Role', cell: (info) => <span className="badge">{info.getValue()}</span> }),
      col.accessor('adjustmentCap', { header: 'Adjustment cap', cell: (info) => formatAmount(info.getValue()) }),
      col.accessor('enrolled', { header: 'Second factor', cell: (info) => (info.getValue() ? 'enrolled' : 'not yet') }),
      col.accessor('disabled', {
        header: 'State',
        cell: (info) =>
          info.getValue() ? (
            <span className="badge badge--danger">disabled</span>
          ) : (
            <span className="badge badge--ok">active</span>
          ),
      }),
      col.accessor('lastSignInAt', { header: 'Last sign-in (UTC)', cell: (info) => formatTime(info.getValue()) }),
      col.display({
        id: 'actions',
        header: 'Actions',
        cell: (info) => {
          const staff = info.row.original;
          if (!mayManage(staff.role)) return null;
          const self = staff.id === me?.id;
          return (
            <Menu.Root>
              <Menu.Trigger className="button button--small" aria-label={`Change ${staff.name}`}>
                Change…
              </Menu.Trigger>
              <Menu.Portal>
                <Menu.Content className="menu" align="end" sideOffset={4}>
                  {!self && (
                    <Menu.Item className="menu__item" onSelect={() => setEdit({ staff, change: 'role' })}>
                      Role…
                    </Menu.Item>
                  )}
                  <Menu.Item className="menu__item" onSelect={() => setEdit({ staff, change: 'cap' })}>
                    Adjustment cap…
                  </Menu.Item>
                  {!self && (
                    <Menu.Item className="menu__item" onSelect={() => setEdit({ staff, change: 'disabled' })}>
                      {staff.disabled ? 'Enable…' : 'Disable…'}
                    </Menu.Item>
                  )}
                </Menu.Content>
              </Menu.Portal>
            </Menu.Root>
          );
        },
      }),
    ],
    [me?.id, me?.permissions],
  );
  const roles = ROLES.filter(mayManage);

  return (
    <>
      <header className="page-header">
        <h1>Staff</h1>
        <button type="button" className="button button--primary" onClick={() => setCreating(true)}>
          New staff member…
        </button>
      </header>
      <DataTable
        caption="Staff accounts"
        columns={columns}
        rows={list.data?.data}
        rowId={(row) => row.id}
        loading={list.isFetching}
        error={list.error ? problemOf(list.error).message : null}
        onRetry={() => list.refetch()}
        empty="No staff account."
        meta={list.data?.meta}
        page={page}
        perPage={perPage}
        onPage={setPage}
      />
      <CreateStaffDialog open={creating} onOpenChange={setCreating} roles={roles} />
      <EditStaffDialog edit={edit} roles={roles} onClose={() => setEdit(null)} />
    </>
  );
}

function CreateStaffDialog({
  open,
  onOpenChange,
  roles,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  roles: readonly Role[];
}) {
  const client = useQueryClient();
  const toast = useToast();
  const [problem, setProblem] = useState<Problem | null>(null);
  const create = useMutation({
    mutationFn: (body: CreateStaffRequest) => api.staff.create({ body }),
    onSuccess: ({ data }) => {
      toast.success(`${data.name} can now sign in and enrol a second factor.`);
      void client.invalidateQueries({ queryKey: ['staff'] });
      setProblem(null);
      onOpenChange(false);
    },
    onError: (error) => {
      setProblem(problemOf(error));
      toast.error(`The account was not created: ${problemOf(error).message}`);
    },
  });
  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        setProblem(null);
        onOpenChange(next);
      }}
      title="New staff member"
      description="They sign in with this password and enrol their authenticator app at the first sign-in."
      submitLabel="Create account"
      pending={create.isPending}
      problem={problem}
      onSubmit={(form) =>
        create.mutate({
          email: String(form.get('email') ?? '').trim(),
          name: String(form.get('name') ?? '').trim(),
          role: String(form.get('role')) as Role,
          password: String(form.get('password') ?? ''),
          reason: String(form.get('reason') ?? ''),
        })
      }
    >
      <Field label="Name" name="name" error={problem?.fields.name}>
        {(props) => <input {...props} required maxLength={100} autoComplete="off" />}
      </Field>
      <Field label="E-mail" name="email" error={problem?.fields.email}>
        {(props) => <input {...props} type="email" required autoComplete="off" />}
      </Field>
      <Field label="Role" name="role" error={problem?.fields.role}>
        {(props) => (
          <select {...props} defaultValue="support">
            {roles.map((role) => (
              <option key={role} value={role}>
                {role}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Password" name="password" error={problem?.fields.password} hint="At least 12 characters.">
        {(props) => <input {...props} type="password" required minLength={12} autoComplete="new-password" />}
      </Field>
      <ReasonField error={problem?.fields.reason} />
    </FormDialog>
  );
}

const TITLES: Record<Edit['change'], string> = { role: 'Change role', cap: 'Change adjustment cap', disabled: '' };

function EditStaffDialog({ edit, roles, onClose }: { edit: Edit | null; roles: readonly Role[]; onClose: () => void }) {
  const client = useQueryClient();
  const toast = useToast();
  const [problem, setProblem] = useState<Problem | null>(null);
  const update = useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateStaffRequest }) => api.staff.update({ params: { id }, body }),
    onSuccess: ({ data }) => {
      toast.success(`${data.name}: saved.`);
      void client.invalidateQueries({ queryKey: ['staff'] });
      setProblem(null);
      onClose();
    },
    onError: (error) => {
      setProblem(problemOf(error));
      toast.error(`Not saved: ${problemOf(error).message}`);
    },
  });
  const staff = edit?.staff;
  const change = edit?.change ?? 'role';
  const disabling = change === 'disabled' && !staff?.disabled;
  const title = change === 'disabled' ? (disabling ? 'Disable account' : 'Enable account') : TITLES[change];
  return (
    <FormDialog
      open={edit !== null}
      onOpenChange={(open) => {
        if (!open) {
          setProblem(null);
          onClose();
        }
      }}
      title={title}
      description={
        staff
          ? `${staff.name} (${staff.email}).${disabling ? ' Their sessions end at once.' : ''}${change === 'cap' ? ' In the base currency; above it, their adjustments wait for a second person.' : ''}`
          : ''
      }
      submitLabel={change === 'disabled' ? (disabling ? 'Disable' : 'Enable') : 'Save'}
      danger={disabling}
      pending={update.isPending}
      problem={problem}
      onSubmit={(form) => {
        if (!staff) return;
        const reason = String(form.get('reason') ?? '');
        const body: UpdateStaffRequest =
          change === 'role'
            ? { role: String(form.get('role')) as Role, reason }
            : change === 'cap'
              ? { adjustmentCap: Number(form.get('adjustmentCap')), reason }
              : { disabled: !staff.disabled, reason };
        update.mutate({ id: staff.id, body });
      }}
    >
      {change === 'role' && staff && (
        <Field label="Role" name="role" error={problem?.fields.role}>
          {(props) => (
            <select {...props} defaultValue={staff.role}>
              {roles.map((role) => (
                <option key={role} value={role}>
                  {role}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
      {change === 'cap' && staff && (
        <Field label="Adjustment cap" name="adjustmentCap" error={problem?.fields.adjustmentCap}>
          {(props) => (
            <input
              {...props}
              type="number"
              min={0}
              step="any"
              inputMode="decimal"
              defaultValue={staff.adjustmentCap}
              required
            />
          )}
        </Field>
      )}
      <ReasonField error={problem?.fields.reason} />
    </FormDialog>
  );
}
