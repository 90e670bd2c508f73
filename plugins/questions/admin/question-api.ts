// The admin's calls to /api/questions beyond the data provider's list: bulk actions, one question,
// its answer, the settings, "ask the community".
import { apiJson } from '@plaudit/kernel/admin';
import type { CommunityState } from '../shared/community';
import type { Action, Question, QuestionSettings } from '../shared/question';

const send = <T>(path: string, method: string, body?: unknown) => apiJson<T>(path, { method, body: body === undefined ? undefined : JSON.stringify(body) });

export const bulkAction = (action: Action, ids: number[]) => send<{ count: number }>(`/questions/bulk/${action}`, 'POST', { ids });
export const fetchQuestion = (id: number | string) => apiJson<Question>(`/questions/${id}`);
export const saveAnswer = (id: number, body: string) => send<Question>(`/questions/${id}/answer`, 'PUT', { body });
export const setAnswerStatus = (id: number, answerId: number, status: 'published' | 'unpublished') =>
  send<Question>(`/questions/${id}/answers/${answerId}`, 'PUT', { status });
export const fetchSettings = () => apiJson<{ data: QuestionSettings }>('/questions/settings');
export const saveSettings = (patch: Partial<QuestionSettings>) => send<{ data: QuestionSettings }>('/questions/settings', 'PUT', patch);
export const fetchCommunity = (id: number) => apiJson<CommunityState>(`/questions/${id}/community`);
export const inviteCommunity = (id: number) => send<{ invited: number; community: CommunityState }>(`/questions/${id}/community/invite`, 'POST', {});
