// QuestionsAnalytics (issue 20, @plaudit/contracts/questions): the shop's questions asked and
// answered per local day, for the analytics plugin's daily rollups.

/** The metric names this source reports (analytics keeps them under the `questions.` prefix). */
export const QUESTION_METRICS = {
  /** questions received, by the question's created_at (those deleted since are not counted) */
  asked: 'questions.asked',
  /** questions with a published answer, by the date of their first published answer (answered_at) */
  answered: 'questions.answered',
} as const;
