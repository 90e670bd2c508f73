// The shop's sender settings as the merchant edits them (`services.mail.sender`, used by
// review-requests' email settings tab): who the shop's mail comes from, the sender address
// confirmed through a mailed link, and the shop's own SMTP server. Its password is sealed here and
// never leaves the kernel; a screen sees only whether one is kept.
import type { Config } from '../config';
import type { SettingsStore } from '../kernel/settings';
import { effectiveFrom, emailSettings, isSenderVerified, openPassword, sealPassword, SmtpHostRefused, verifySmtp, type StoredEmailSettings } from './sender';

export interface SenderSettingsView {
  senderName: string | null;
  senderEmail: string | null;
  replyTo: string | null;
  isCustomSenderEnabled: boolean;
  /** the sender address was confirmed through the link mailed to it */
  isVerified: boolean;
  smtpType: 'app' | 'custom';
  /** the shop's own server, kept once it answered; of its password only whether one is kept */
  smtp: { host: string; port: number; authentication: boolean; username: string; hasPassword: boolean; verifiedAt: string } | null;
  /** the From address the shop's mail goes out from now */
  effectiveFrom: string;
}

/** What the merchant chooses directly; the server goes through `connectSmtp`, the verification through `confirmSender`. */
export type SenderChoices = Partial<Pick<StoredEmailSettings, 'senderName' | 'senderEmail' | 'replyTo' | 'isCustomSenderEnabled' | 'smtpType'>>;

export interface SmtpAccount {
  host: string;
  port: number;
  authentication: boolean;
  username: string;
  /** left out: the password kept for the same host and username is used again */
  password?: string;
}

/** The server refused the connection or the login; the message says why, fit to show the merchant. */
export class SmtpNotVerified extends Error {}

const MAX_REASON = 300;

export class SenderSettings {
  constructor(
    private readonly config: Config,
    private readonly settings: SettingsStore,
  ) {}

  async view(shopId: number): Promise<SenderSettingsView> {
    return this.present(await this.stored(shopId));
  }

  /** Saves the merchant's choices (validated by the namespace's schema). */
  async update(shopId: number, choices: SenderChoices): Promise<SenderSettingsView> {
    return this.present(await emailSettings(this.settings).update(shopId, choices));
  }

  /** Someone followed the link mailed to `email`: verified when it is still the sender address. Answers whether it was. */
  async confirmSender(shopId: number, email: string): Promise<boolean> {
    const current = await this.stored(shopId);
    if (current.senderEmail !== email) return false;
    await emailSettings(this.settings).update(shopId, { verifiedSenderEmail: email });
    return true;
  }

  /**
   * Connects, greets and logs in with the account; only an account that answered is kept, its
   * password sealed. Throws SmtpNotVerified with the server's (or the network's) answer.
   */
  async connectSmtp(shopId: number, account: SmtpAccount): Promise<SenderSettingsView> {
    const current = await this.stored(shopId);
    const sameAccount = current.smtp?.host === account.host && current.smtp.username === account.username;
    const keptSealed = account.password === undefined && sameAccount ? current.smtp!.passwordSealed : null;
    const password = account.authentication ? (account.password ?? null) : null;
    if (account.authentication && password === null && !keptSealed) throw new SmtpNotVerified('A password is required');
    const { host, port, authentication, username } = account;
    try {
      await verifySmtp(this.config, {
        host,
        port,
        authentication,
        username,
        password: password ?? (keptSealed ? openPassword(this.config, keptSealed) : null),
      });
    } catch (err) {
      throw new SmtpNotVerified(err instanceof SmtpHostRefused ? err.message : String((err as Error).message ?? '').slice(0, MAX_REASON), { cause: err });
    }
    const passwordSealed = !authentication ? null : password !== null ? sealPassword(this.config, password) : keptSealed;
    const smtp = { host, port, authentication, username, passwordSealed, verifiedAt: new Date().toISOString() };
    return this.present(await emailSettings(this.settings).update(shopId, { smtp }));
  }

  private stored(shopId: number): Promise<StoredEmailSettings> {
    return emailSettings(this.settings).get(shopId);
  }

  private present(s: StoredEmailSettings): SenderSettingsView {
    const { smtp } = s;
    return {
      senderName: s.senderName,
      senderEmail: s.senderEmail,
      replyTo: s.replyTo,
      isCustomSenderEnabled: s.isCustomSenderEnabled,
      isVerified: isSenderVerified(s),
      smtpType: s.smtpType,
      smtp: smtp && {
        host: smtp.host,
        port: smtp.port,
        authentication: smtp.authentication,
        username: smtp.username,
        hasPassword: !!smtp.passwordSealed,
        verifiedAt: smtp.verifiedAt,
      },
      effectiveFrom: effectiveFrom(this.config, s),
    };
  }
}
