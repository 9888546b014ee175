import { Controller, Get } from '@nestjs/common';
import type { TListOf, TWorkspace } from '../../shared/accounts.js';
import type { AuthContext } from '../auth/auth-context.js';
import { Auth, Authenticated } from '../auth/authenticated.decorator.js';
import { WorkspacesService } from './workspaces.service.js';

@Controller('api/workspaces')
export class WorkspacesController {
  constructor(private readonly workspaces: WorkspacesService) {}

  @Get('/')
  @Authenticated()
  list(@Auth() auth: AuthContext): Promise<TListOf<TWorkspace>> {
    return this.workspaces.list(auth.user.id);
  }
}
