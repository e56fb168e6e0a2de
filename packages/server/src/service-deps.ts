import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from './clock';
import type { SignInThrottle } from './accounts/sign-in-throttle';
import type { Config } from './config';
import type { Jobs } from './jobs/jobs';
import type { Mailer } from './mail/mailer';
import type { RealtimeHub } from './realtime/realtime-hub';
import type { RateLimiters } from './rpc/rate-limit';

/** What a domain's methods and routes may need from the app besides the call's context. */
export interface ServiceDeps {
  config: Config;
  mailer: Mailer;
  realtime: RealtimeHub;
  /** The injected clock: routes outside the RPC layer (uploads, redirects) read time from it. */
  clock: Clock;
  /** Wrong passwords for an account slow its next checks, wherever a password is checked. */
  signInThrottle: SignInThrottle;
  /** Attempt limits by bucket (config.rateLimits), shared by every node on PostgreSQL. */
  rateLimiters: RateLimiters;
  /** The server's log (JSON lines, secrets redacted by path): for what a domain reports. */
  log: FastifyBaseLogger;
  /** Background passes and one-off jobs (jobs/jobs.ts): register in a method module, run after start. */
  jobs: Jobs;
}
