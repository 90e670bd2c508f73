import nodemailer from 'nodemailer';
import type { Config } from '../config';

/**
 * The app's pooled SMTP transport: up to 5 connections, reused between messages. Pool options go in
 * the transport options; a second argument would only be message defaults. Without SMTP_URL every
 * send fails with a clear error (the tests and `npm start` always set it).
 */
export function createMailer(config: Pick<Config, 'smtp'>) {
  if (!config.smtp.url)
    return nodemailer.createTransport({ send: (_mail: unknown, done: (err: Error) => void) => done(new Error('SMTP_URL is not set')) } as never);
  return nodemailer.createTransport({ url: config.smtp.url, pool: true, maxConnections: 5 });
}
