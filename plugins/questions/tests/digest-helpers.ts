// An invited buyer's answer without the orders behind a real invitation: the invitation row is written
// here and its signed link used as the mail's would be (community.test.ts covers the invitation itself).
import type { Shop, Stack } from './helpers';

export async function invitation(stack: Stack, shop: Shop, questionId: number, email = `buyer-${Date.now()}@example.com`): Promise<string> {
  const tenant = stack.api.runtime.services.tenant(shop.shop.id, shop.domain);
  const [row] = await tenant.insertInto('question_invitations', { questionId, email, name: 'Bea Buyer', locale: 'en', status: 'sent' }).returning('id');
  const token = stack.api.runtime.services.links.sign('questions.answer', shop.domain, { invitation: Number((row as { id: string }).id) }, 3600);
  return `${stack.appUrl}/qa/answer/${token}`;
}

export const answerForm = (fields: Record<string, string>): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});

/** Answers question `questionId` through the answer page, as an invited buyer; answers the link. */
export async function communityAnswer(stack: Stack, shop: Shop, questionId: number, answer: string): Promise<string> {
  const link = await invitation(stack, shop, questionId);
  const res = await fetch(link, answerForm({ name: 'Bea Buyer', answer, website: '' }));
  expect(res.status).toBe(200);
  expect(await res.text()).toContain('Your answer was sent');
  return link;
}
