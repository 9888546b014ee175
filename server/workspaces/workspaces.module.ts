import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { WorkspacesController } from './workspaces.controller.js';
import { WorkspacesService } from './workspaces.service.js';

@Module({ imports: [AuthModule], controllers: [WorkspacesController], providers: [WorkspacesService] })
export class WorkspacesModule {}
