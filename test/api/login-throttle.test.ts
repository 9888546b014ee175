import request from 'supertest';
import { createApp } from '../../server/app.js';
import { LOGIN_LIMITS, PROOF_BASE_DIFFICULTY, PROOF_MAX_DIFFICULTY } from '../../server/auth/auth.service.js';
import { LoginProofService } from '../../server/auth/login-proof.service.js';
import { ROUTE_LIMITS } from '../../server/rate-limits/route-limits.js';
import type { TLoginChallenge, TLoginProof } from '../../shared/accounts.js';
import { PASSWORD, PUBLIC_URL, registerOwner, uniqueEmail } from '../support/accounts.js';
import { solveProof, wrongNonce } from '../support/login-proof.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let http: ReturnType<typeof request>;
beforeAll(async () => {
  // Behind a (pretend) proxy, so each attempt can come from an address of its own.
  t = await startTestApp({ env: { PUBLIC_URL, TRUST_PROXY: 'true' } });
  http = request(t.app.getHttpServer());
});
afterAll(() => t.close());

let addresses = 0;
/** A new client address (a botnet has many). */
function nextIp(): string {
  addresses += 1;
  return `198.51.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
}

function attempt(email: string, password: string, ip: string, proof?: TLoginProof, server = http) {
  return server.post('/api/auth/token-obtain/').set('X-Forwarded-For', ip).send({ email, password, proof });
}

function challengeOf(res: request.Response): TLoginChallenge {
  expect(res.status).toBe(429);
  expect(res.body).toMatchObject({ code: 'proof_required', detail: expect.any(String) });
  expect(res.headers['retry-after']).toBeUndefined();
  return res.body.challenge as TLoginChallenge;
}

/** Signs in as the dashboard does: when the account asks for a proof of work, solves it and tries again. */
async function signInSolving(email: string, password: string, ip: string): Promise<request.Response> {
  const first = await attempt(email, password, ip);
  if (first.body.code !== 'proof_required') return first;
  return attempt(email, password, ip, solveProof(challengeOf(first)));
}

/** `count` wrong passwords for `email`, each from its own address, solving the proof whenever one is asked. */
async function guessFromManyAddresses(email: string, count: number): Promise<void> {
  for (let i = 0; i < count; i += 1) {
    const res = await signInSolving(email, `wrong-guess-${i}`, nextIp());
    expect(res.status).toBe(401);
  }
}

describe('login throttling', () => {
  it('limits every attempt from one address, whatever the emails, with Retry-After', async () => {
    const { user } = await registerOwner(t);
    const ip = nextIp();
    for (let i = 0; i < ROUTE_LIMITS.login.limit; i += 1) {
      await attempt(uniqueEmail('spray'), 'guess-1234', ip).expect(401);
    }
    const res = await attempt(user.email, PASSWORD, ip).expect(429);
    expect(res.body).toMatchObject({ code: 'throttled' });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('lets the owner sign in with the right password after 10 wrong ones from other addresses, once a proof is solved', async () => {
    const { user } = await registerOwner(t);
    await guessFromManyAddresses(user.email, 10);

    const ownerIp = nextIp();
    const asked = challengeOf(await attempt(user.email, PASSWORD, ownerIp));
    expect(asked.difficulty).toBeGreaterThanOrEqual(PROOF_BASE_DIFFICULTY);
    expect(Date.parse(asked.expires_at)).toBeGreaterThan(Date.now());
    const res = await attempt(user.email, PASSWORD, ownerIp, solveProof(asked)).expect(200);
    expect(res.body.email).toBe(user.email);
  });

  it('still lets the owner in after 100 attempts from other addresses; the proof gets harder, up to a ceiling', async () => {
    const { user } = await registerOwner(t);
    await guessFromManyAddresses(user.email, LOGIN_LIMITS.perEmail.limit);
    const early = challengeOf(await attempt(user.email, 'wrong-guess', nextIp()));
    // The rest of a botnet's hundred, which does not bother to solve anything.
    for (let i = LOGIN_LIMITS.perEmail.limit + 1; i < 100; i += 1) {
      challengeOf(await attempt(user.email, `wrong-guess-${i}`, nextIp()));
    }

    const ownerIp = nextIp();
    const asked = challengeOf(await attempt(user.email, PASSWORD, ownerIp));
    expect(asked.difficulty).toBeGreaterThan(early.difficulty);
    expect(asked.difficulty).toBe(PROOF_MAX_DIFFICULTY);
    await attempt(user.email, PASSWORD, ownerIp, solveProof(asked)).expect(200);
  });

  it('throttles the guessing (email, address) pair with 429 and Retry-After while the owner still signs in', async () => {
    const { user } = await registerOwner(t);
    const attacker = nextIp();
    for (let i = 0; i < LOGIN_LIMITS.perEmailIp.limit; i += 1) {
      expect((await signInSolving(user.email, `wrong-guess-${i}`, attacker)).status).toBe(401);
    }
    // Even the right password (say, from a leak) with a solved proof is refused to this pair now.
    const asked = challengeOf(await attempt(user.email, PASSWORD, attacker));
    const refused = await attempt(user.email, PASSWORD, attacker, solveProof(asked)).expect(429);
    expect(refused.body.code).toBe('throttled');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(LOGIN_LIMITS.perEmailIp.ttl / 1000);

    expect((await signInSolving(user.email, PASSWORD, nextIp())).status).toBe(200);
    // The same address may still sign in to another account.
    const other = await registerOwner(t);
    await attempt(other.user.email, PASSWORD, attacker).expect(200);
  });

  it('needs no proof for the first few failures, and a success below the ceiling starts the count again', async () => {
    const { user } = await registerOwner(t);
    for (let round = 0; round < 3; round += 1) {
      for (let i = 0; i < LOGIN_LIMITS.perEmail.limit - 1; i += 1) {
        await attempt(user.email, 'typo-password', nextIp()).expect(401);
      }
      await attempt(user.email, PASSWORD, nextIp()).expect(200);
    }
  });

  describe('proofs', () => {
    async function underAttack(): Promise<string> {
      const { user } = await registerOwner(t);
      for (let i = 0; i < LOGIN_LIMITS.perEmail.limit; i += 1) {
        await attempt(user.email, 'wrong-guess', nextIp()).expect(401);
      }
      return user.email;
    }

    it('count once: a used proof is refused with a new challenge', async () => {
      const email = await underAttack();
      const challenge = challengeOf(await attempt(email, PASSWORD, nextIp()));
      const proof = solveProof(challenge);
      // Accepted once (the password is then checked and is wrong) …
      await attempt(email, 'wrong-guess', nextIp(), proof).expect(401);
      // … and never again, even with the right password, from anywhere.
      const again = challengeOf(await attempt(email, PASSWORD, nextIp(), proof));
      expect(again.token).not.toBe(challenge.token);
      await attempt(email, PASSWORD, nextIp(), solveProof(again)).expect(200);
    });

    it('refuse a wrong nonce, a tampered or foreign challenge, and an expired one', async () => {
      const email = await underAttack();
      const challenge = challengeOf(await attempt(email, PASSWORD, nextIp()));

      challengeOf(await attempt(email, PASSWORD, nextIp(), wrongNonce(challenge)));
      challengeOf(await attempt(email, PASSWORD, nextIp(), { challenge: challenge.token, nonce: 'not a nonce!' }));

      // An easier challenge forged by editing the signed claims.
      const [payload, signature] = challenge.token.split('.');
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as { d: number };
      const forged = `${Buffer.from(JSON.stringify({ ...claims, d: 1 })).toString('base64url')}.${signature}`;
      challengeOf(await attempt(email, PASSWORD, nextIp(), solveProof({ ...challenge, token: forged, difficulty: 1 })));

      // A challenge solved for another account.
      const elsewhere = await underAttack();
      const foreign = challengeOf(await attempt(elsewhere, PASSWORD, nextIp()));
      challengeOf(await attempt(email, PASSWORD, nextIp(), solveProof(foreign)));

      // A challenge past its time, made by the real service.
      const expired = t.app.get(LoginProofService).challenge(email, challenge.difficulty, -1_000);
      challengeOf(await attempt(email, PASSWORD, nextIp(), solveProof(expired)));

      expect((await signInSolving(email, PASSWORD, nextIp())).status).toBe(200);
    });
  });

  // Two instances count together only through a shared Redis (and a shared PostgreSQL to boot them on).
  const shared = process.env.REDIS_URL && process.env.DATABASE_URL ? it : it.skip;
  shared('shares the pair limit and the used proofs between instances through Redis', async () => {
    const other = await createApp(t.config);
    try {
      const instances = [http, request(other.getHttpServer())];
      const { user } = await registerOwner(t);
      const attacker = nextIp();
      const solving = async (password: string, ip: string, server: ReturnType<typeof request>) => {
        const first = await attempt(user.email, password, ip, undefined, server);
        return first.status === 429 && first.body.code === 'proof_required'
          ? attempt(user.email, password, ip, solveProof(challengeOf(first)), server)
          : first;
      };
      for (let i = 0; i < LOGIN_LIMITS.perEmailIp.limit; i += 1) {
        expect((await solving('wrong-1234', attacker, instances[i % 2])).status).toBe(401);
      }
      for (const server of instances) {
        expect((await solving(PASSWORD, attacker, server)).body.code).toBe('throttled');
      }

      const challenge = challengeOf(await attempt(user.email, PASSWORD, nextIp(), undefined, instances[0]));
      const proof = solveProof(challenge);
      await attempt(user.email, 'wrong-1234', nextIp(), proof, instances[0]).expect(401);
      challengeOf(await attempt(user.email, PASSWORD, nextIp(), proof, instances[1]));
    } finally {
      await other.close();
    }
  });
});
