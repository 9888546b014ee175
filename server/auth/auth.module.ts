import { Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { AccountsModule } from '../accounts/accounts.module.js';
import { AuthTokensService } from './auth-tokens.service.js';
import { AuthController } from './auth.controller.js';
import { SessionService } from './session.service.js';

@Module({
  imports: [
    AccountsModule,
    JwtModule.registerAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({ secret: config.secrets.jwt }),
    }),
  ],
  controllers: [AuthController],
  providers: [AuthTokensService, SessionService],
  exports: [AuthTokensService, SessionService],
})
export class AuthModule {}
