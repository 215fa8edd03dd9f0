import nodemailer from 'nodemailer';
import { ChannelError, type DeliveryFailure } from './channels';

/**
 * The SMTP server notifications go through, from the environment (README «Переменные окружения»).
 * Without SMTP_HOST and SMTP_FROM e-mail is off: nothing is sent and the settings screen says so.
 */
export interface SmtpSettings {
  host: string;
  port: number;
  /** TLS from the first byte (port 465); otherwise STARTTLS when the server offers it. */
  secure: boolean;
  user?: string;
  password?: string;
  /** The sender, e.g. `Школа <noreply@school.ru>`. */
  from: string;
  /** Where the app is reached from outside: the links of letters start with it. */
  publicUrl: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The SMTP server of e-mail notifications, or null: e-mail is off. */
    smtp: SmtpSettings | null;
  }
}

export function smtpFromEnv(env: NodeJS.ProcessEnv): SmtpSettings | null {
  const host = env.SMTP_HOST?.trim();
  const from = env.SMTP_FROM?.trim();
  if (!host || !from) return null;
  const secure = env.SMTP_SECURE === '1' || env.SMTP_SECURE === 'true';
  const port = Number(env.SMTP_PORT) || (secure ? 465 : 587);
  return {
    host,
    port,
    secure,
    user: env.SMTP_USER || undefined,
    password: env.SMTP_PASSWORD || undefined,
    from,
    publicUrl: (env.PARTA_PUBLIC_URL || `http://localhost:${env.PORT ?? 3000}`).replace(/\/+$/, ''),
  };
}

export interface Letter {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The one-click unsubscribe URL (List-Unsubscribe, RFC 8058), when the letter has one. */
  unsubscribeUrl?: string;
}

export interface Mailer {
  readonly publicUrl: string;
  /** Sends a letter; a refusal throws `ChannelError` saying what it means. */
  send(letter: Letter): Promise<void>;
}

/** SMTP replies that say the mailbox is gone (RFC 3463 / 5321): the address is forgotten. */
const MAILBOX_GONE = /^5\.1\.[0-3]$|^5\.2\.1$/;

/** What an SMTP failure means: a 5xx is final (a mailbox that does not exist: unsubscribe), anything else passes. */
export function failureOf(error: unknown): DeliveryFailure {
  const { responseCode, response } = error as { responseCode?: number; response?: string };
  if (typeof responseCode !== 'number' || responseCode < 500) return 'retry';
  const enhanced = /\b(\d\.\d{1,3}\.\d{1,3})\b/.exec(response ?? '')?.[1];
  if (enhanced) return MAILBOX_GONE.test(enhanced) ? 'unsubscribe' : 'drop';
  return [550, 551, 553].includes(responseCode) ? 'unsubscribe' : 'drop';
}

export function createMailer(settings: SmtpSettings): Mailer {
  const transport = nodemailer.createTransport({
    host: settings.host,
    port: settings.port,
    secure: settings.secure,
    auth: settings.user ? { user: settings.user, pass: settings.password ?? '' } : undefined,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
  });
  return {
    publicUrl: settings.publicUrl,
    async send(letter) {
      try {
        await transport.sendMail({
          from: settings.from,
          to: letter.to,
          subject: letter.subject,
          text: letter.text,
          html: letter.html,
          ...(letter.unsubscribeUrl
            ? {
                list: { unsubscribe: letter.unsubscribeUrl },
                headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
              }
            : {}),
        });
      } catch (error) {
        throw new ChannelError(error instanceof Error ? error.message : String(error), failureOf(error));
      }
    },
  };
}

const mailers = new WeakMap<SmtpSettings, Mailer>();

/** The app's one mailer of its SMTP settings (the routes' confirmation letters and the e-mail job share it). */
export function mailerOf(settings: SmtpSettings): Mailer {
  let mailer = mailers.get(settings);
  if (!mailer) {
    mailer = createMailer(settings);
    mailers.set(settings, mailer);
  }
  return mailer;
}
