import type { TListOf, TWorkspace } from '../../shared/accounts.js';
import { apiFetch } from './client';

export const WORKSPACES_QUERY_KEY = ['workspaces'] as const;

export async function fetchWorkspaces(): Promise<TWorkspace[]> {
  return (await apiFetch<TListOf<TWorkspace>>('/api/workspaces/')).results;
}
