import { createSecretKey } from 'node:crypto';
import { Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { AccountsModule } from '../accounts/accounts.module.js';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { MailModule } from '../mail/mail.module.js';
import { ApiKeySessions } from './api-key-sessions.js';
import { ApiKeysRepository } from './api-keys.repository.js';
import { AuthTokensService } from './auth-tokens.service.js';
import { AuthController } from './auth.controller.js';
import { AuthService } from './auth.service.js';
import { LoginProofService } from './login-proof.service.js';
import { PasswordResetService } from './password-reset.service.js';
import { RefreshTokensRepository } from './refresh-tokens.repository.js';
import { SessionCache } from './session-cache.js';
import { SessionTokensService } from './session-tokens.service.js';
import { SessionGuard } from './session.guard.js';
import { SessionService } from './session.service.js';
import { SignupService } from './signup.service.js';
import { WebSessionService } from './web-session.service.js';

/** Sessions (tokens, cookies, the guard) and the public sign-in, sign-up and recovery calls. */
@Module({
  imports: [
    AccountsModule,
    MailModule,
    JwtModule.registerAsync({
      inject: [APP_CONFIG],
      // A KeyObject, not the string: jsonwebtoken otherwise tries (and fails) to parse it as a public key on
      // every verify, which was a fifth of an authenticated request's CPU time.
      useFactory: (config: AppConfig) => ({
        secret: createSecretKey(Buffer.from(config.secrets.jwt)),
        signOptions: { algorithm: 'HS256' },
        verifyOptions: { algorithms: ['HS256'] },
      }),
    }),
  ],
  controllers: [AuthController],
  providers: [
    ApiKeysRepository,
    ApiKeySessions,
    AuthTokensService,
    RefreshTokensRepository,
    SessionTokensService,
    SessionService,
    SessionCache,
    SessionGuard,
    WebSessionService,
    AuthService,
    LoginProofService,
    SignupService,
    PasswordResetService,
  ],
  exports: [
    AccountsModule,
    ApiKeysRepository,
    ApiKeySessions,
    AuthTokensService,
    SessionTokensService,
    SessionService,
    SessionCache,
    SessionGuard,
    WebSessionService,
  ],
})
export class AuthModule {}
