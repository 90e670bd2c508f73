// The admin's calls for email settings, templates and the shop notifications (reviews plugin).
import { HttpError } from 'react-admin';
import { apiJson } from '@plaudit/kernel/admin';
import type { EmailSettingsView } from '../../shared/email-settings';
import type { EmailTemplate } from '@plaudit/kernel/admin';
import type { TemplateListItem, TemplateType } from '../../shared/templates';
import type { NotificationSettings } from '@plaudit/contracts/reviews';

export interface TemplateDetail {
  type: TemplateType;
  id: string;
  /** the declaring plugin: its locales name the email */
  plugin: string;
  template: EmailTemplate;
  defaults: EmailTemplate;
  variables: string[];
  allowed: boolean;
  customCssAllowed: boolean;
  testEmailsLeft: number;
  shopEmail: string | null;
}

/** The reviews plugin's notification fields (its PUT /api/reviews/settings takes them too). */
export type { NotificationSettings };

const json = (method: string, body?: unknown): RequestInit => ({ method, body: body === undefined ? undefined : JSON.stringify(body) });

export const emailsApi = {
  templates: () => apiJson<{ data: TemplateListItem[]; testEmailsLeft: number }>('/email-templates'),
  template: (id: string) => apiJson<{ data: TemplateDetail }>(`/email-templates/${id}`).then((r) => r.data),
  saveTemplate: (id: string, patch: Partial<EmailTemplate>) =>
    apiJson<{ data: { template: EmailTemplate } }>(`/email-templates/${id}`, json('PUT', patch)).then((r) => r.data.template),
  resetTemplate: (id: string) => apiJson<{ data: { template: EmailTemplate } }>(`/email-templates/${id}`, json('DELETE')).then((r) => r.data.template),
  preview: (id: string, template: Partial<EmailTemplate>, signal?: AbortSignal) =>
    apiJson<{ data: { subject: string; html: string } }>(`/email-templates/${id}/preview`, { ...json('POST', { template }), signal }).then((r) => r.data),
  sendTest: (id: string, template: Partial<EmailTemplate>, email?: string) =>
    apiJson<{ data: { to: string; testEmailsLeft: number } }>(`/email-templates/${id}/test`, json('POST', { template, ...(email ? { email } : {}) })).then(
      (r) => r.data,
    ),
  settings: () => apiJson<{ data: EmailSettingsView }>('/settings/emailSetting').then((r) => r.data),
  saveSettings: (body: object) => apiJson<{ data: EmailSettingsView }>('/settings/emailSetting', json('PUT', body)).then((r) => r.data),
  verifySender: (senderEmail: string | null) =>
    apiJson<{ data: EmailSettingsView }>('/settings/emailSetting/verify-sender', json('POST', senderEmail ? { senderEmail } : {})).then((r) => r.data),
  verifySmtp: (body: object) => apiJson<{ data: EmailSettingsView }>('/settings/emailSetting/verify-smtp', json('POST', body)).then((r) => r.data),
  notifications: () => apiJson<{ data: NotificationSettings }>('/reviews/settings').then((r) => r.data),
  saveNotifications: (patch: Partial<NotificationSettings>) =>
    apiJson<{ data: NotificationSettings }>('/reviews/settings', json('PUT', patch)).then((r) => r.data),
};

/** The API's per-field messages (400 answers), or none. */
export function fieldErrors(error: unknown): Record<string, string> {
  return error instanceof HttpError ? ((error.body as { errors?: Record<string, string> })?.errors ?? {}) : {};
}

export const errorCode = (error: unknown): string | undefined => (error instanceof HttpError ? (error.body as { code?: string })?.code : undefined);
