import { Controller, Get } from '@nestjs/common';
import { ZWorkspaceList, type TListOf, type TWorkspace } from '../../shared/accounts.js';
import type { AuthContext } from '../auth/auth-context.js';
import { Auth, Authenticated } from '../auth/authenticated.decorator.js';
import { Answers } from '../common/route-outputs.js';
import { WorkspacesService } from './workspaces.service.js';

@Controller('api/workspaces')
export class WorkspacesController {
  constructor(private readonly workspaces: WorkspacesService) {}

  @Get('/')
  @Authenticated()
  @Answers(ZWorkspaceList, { description: 'The user’s workspaces, the default (first joined) first.' })
  list(@Auth() auth: AuthContext): Promise<TListOf<TWorkspace>> {
    return this.workspaces.list(auth.user.id);
  }
}
