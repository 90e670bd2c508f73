// The kernel's mail service: every email a plugin sends goes through here, so a shop's customers
// always hear from the same sender (the shop's name, verified address, reply-to and, when chosen,
// its own verified SMTP server) and every message has the same responsive layout.
import path from 'node:path';
import type { Transporter } from 'nodemailer';
import type { Config } from '../config';
import type { SettingsStore } from '../kernel/settings';
import { listMail, mailDir, type StoredMail } from '../runtime/smtp-sink';
import { renderMail, type MailBody } from './layout';
import { heartbeatWhile, type MailSendRecord, messageKey } from './send-record';
import { senderFor } from './sender';
import { SenderSettings } from './sender-settings';
import type { EmailTemplates } from './templates';

/** A message the local SMTP sink kept (development and tests): its envelope and headers. */
export type LocalMail = Omit<StoredMail, 'file'>;

export interface MailRecipientShop {
  id: number;
  domain: string;
  /** the merchant's address, for sendToMerchant */
  email?: string | null;
}

export interface OutgoingMail {
  to: string;
  body: MailBody;
  /** a deterministic Message-ID makes a retried send recognisable as the same message */
  messageId?: string;
  /** List-Unsubscribe; customer mail that may be refused later should carry one */
  unsubscribeUrl?: string;
}

/**
 * `alreadySent`: an earlier attempt of this very send (same Message-ID, or the same activity retried)
 * was taken by the server; nothing was sent again (api/mail/send-record.ts).
 */
export type MailOutcome = { sent: true; alreadySent?: boolean } | { sent: false; refused: Error };

/** A 5xx answer is the server's final word on that message; anything else may pass on a retry. */
export function isPermanentFailure(err: unknown): boolean {
  const code = (err as { responseCode?: number }).responseCode;
  return typeof code === 'number' && code >= 500;
}

export class MailService {
  /** the shop's sender: name, address, reply-to and its own SMTP server, as the merchant edits them */
  readonly sender: SenderSettings;

  constructor(
    private readonly config: Config,
    private readonly mailer: Transporter,
    private readonly settings: SettingsStore,
    /** the merchant-editable emails every plugin declares (api/mail/templates.ts) */
    readonly templates: EmailTemplates,
    /** every send recorded around its SMTP transaction, so a retry does not send it again */
    private readonly sends: MailSendRecord,
  ) {
    this.sender = new SenderSettings(config, settings);
  }

  /**
   * Mail from the shop to one of its customers. Answers { sent: false, refused } when the server
   * refused the message for good; throws on temporary trouble, for the caller's retry policy.
   */
  async sendToCustomer(shop: MailRecipientShop, mail: OutgoingMail): Promise<MailOutcome> {
    const sender = await senderFor({ settings: this.settings, config: this.config, mailer: this.mailer }, shop.id);
    return this.deliver(shop.id, sender.transport, {
      from: sender.from,
      replyTo: sender.replyTo,
      to: mail.to,
      subject: mail.body.subject,
      html: await renderMail(mail.body),
      messageId: mail.messageId,
      headers: { 'X-Plaudit-Shop': shop.domain, ...(mail.unsubscribeUrl ? { 'List-Unsubscribe': `<${mail.unsubscribeUrl}>` } : {}) },
    });
  }

  /** Mail from the app to the merchant (notifications, digests): the app's own sender. */
  async sendToMerchant(shop: MailRecipientShop, mail: Omit<OutgoingMail, 'to'> & { to?: string }): Promise<MailOutcome> {
    const to = mail.to ?? shop.email;
    if (!to) return { sent: false, refused: new Error(`Shop ${shop.domain} has no email address`) };
    return this.deliver(shop.id, this.mailer, {
      from: this.config.smtp.from,
      to,
      subject: mail.body.subject,
      html: await renderMail(mail.body),
      messageId: mail.messageId,
      headers: { 'X-Plaudit-Shop': shop.domain },
    });
  }

  /** Closes what the send record opened (its own database connections). */
  close(): Promise<void> {
    return this.sends.close();
  }

  /** The HTML a message would have (template previews). */
  render(body: MailBody): Promise<string> {
    return renderMail(body);
  }

  /** The messages the local SMTP sink kept for this shop, newest first (the developer zone's viewer); none without a sink. */
  localMail(shopDomain: string): LocalMail[] {
    return listMail(this.config.dataDir)
      .filter((m) => m.shop === shopDomain)
      .map(({ file: _file, ...mail }) => mail);
  }

  /** The .eml file of one of them, or undefined for another shop's or an unknown id. */
  localMailFile(shopDomain: string, id: string): string | undefined {
    const found = listMail(this.config.dataDir).find((m) => m.shop === shopDomain && m.id === id);
    return found && path.join(mailDir(this.config.dataDir), path.basename(found.file));
  }

  /**
   * The one way out for mail: claimed in `mail_sends` before the SMTP transaction, recorded sent right
   * after it. A send already recorded sent is not made again; one without a key (no Message-ID, not
   * in an activity) is sent unrecorded.
   */
  private async deliver(shopId: number, transport: Transporter, message: Parameters<Transporter['sendMail']>[0] & { to: string }): Promise<MailOutcome> {
    const key = messageKey({ messageId: message.messageId, to: message.to, subject: typeof message.subject === 'string' ? message.subject : undefined });
    if (key) {
      const claim = await this.sends.claim(shopId, key);
      if (!claim.claimed) return { sent: true, alreadySent: true };
    }
    try {
      const info = await heartbeatWhile(transport.sendMail(message));
      if (key) await this.sends.sent(shopId, key, { response: info?.response, providerMessageId: info?.messageId });
      return { sent: true };
    } catch (err) {
      if (key) await this.sends.release(shopId, key);
      if (!isPermanentFailure(err)) throw err;
      return { sent: false, refused: err as Error };
    }
  }
}
