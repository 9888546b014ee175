import { useQuery } from '@tanstack/react-query';
import { useEffect, useId } from 'react';
import { useT } from '../../i18n/useT';
import type { TWorkspace } from '../../../shared/accounts.js';
import { WORKSPACES_QUERY_KEY, fetchWorkspaces } from '../../api/workspaces';
import { useProfile } from '../../api/profile';
import { readWorkspaceId, storeWorkspaceId } from '../../session/session';

/** Shown only to users who belong to more than one workspace (SPEC §4 Workspace). */
export function WorkspaceSwitcher() {
  const t = useT();
  const id = useId();
  const { data: user } = useProfile();
  const workspaces = useQuery({ queryKey: WORKSPACES_QUERY_KEY, queryFn: fetchWorkspaces });

  useEffect(() => {
    // SPEC §8: a failed workspace load is logged only.
    if (workspaces.isError) console.warn('Could not load workspaces', workspaces.error);
  }, [workspaces.isError, workspaces.error]);

  const list = workspaces.data ?? [];
  if (list.length < 2) return null;

  // Only reached in the browser: the list is never fetched during the server render.
  const selected = selectedWorkspace(list, readWorkspaceId(), user?.workspace_id ?? null);

  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {t('nav.workspace')}
      </label>
      <select
        id={id}
        className="select"
        data-testid="workspace-switcher"
        value={selected.id}
        onChange={(event) => {
          storeWorkspaceId(event.target.value);
          // A full load, so the server render and every query use the new workspace.
          window.location.reload();
        }}
      >
        {list.map((workspace) => (
          <option key={workspace.id} value={workspace.id}>
            {workspaceLabel(workspace)}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The stored one if still listed, else the one the server is using, else the first. */
function selectedWorkspace(list: readonly TWorkspace[], stored: string | null, current: string | null): TWorkspace {
  return list.find(({ id }) => id === stored) ?? list.find(({ id }) => id === current) ?? list[0];
}

function workspaceLabel({ name, merchant }: TWorkspace): string {
  const store = merchant?.store_name;
  return store && store !== name ? `${name} · ${store}` : name;
}
