import { lazy } from 'react';
import QuizIcon from '@mui/icons-material/Quiz';
import { defineAdminPlugin } from '@plaudit/kernel/admin';

// Custom review questions: a react-admin resource over /api/review-questions (list, create, edit),
// reached from a card on the Collect reviews hub, since the questions are part of collecting reviews.
export default defineAdminPlugin({
  id: 'review-questions',
  resources: [
    {
      name: 'review-questions',
      list: lazy(() => import('./QuestionList')),
      create: lazy(() => import('./QuestionCreate')),
      edit: lazy(() => import('./QuestionEdit')),
      icon: QuizIcon,
    },
  ],
  zones: {
    'collect-reviews': [
      {
        key: 'review-questions.list',
        titleKey: 'review-questions:admin.menu',
        descriptionKey: 'review-questions:admin.hub_text',
        to: '/review-questions',
        position: 55,
        icon: QuizIcon,
      },
    ],
  },
});
