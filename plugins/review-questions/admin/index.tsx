import QuizIcon from '@mui/icons-material/Quiz';
import { defineAdminPlugin, lazyPage } from '@plaudit/kernel/admin';

// Custom review questions: a react-admin resource over /api/review-questions (list, create, edit),
// reached from a card on the Collect reviews hub, since the questions are part of collecting reviews.
export default defineAdminPlugin({
  id: 'review-questions',
  resources: [
    {
      name: 'review-questions',
      list: lazyPage(() => import('./QuestionList')),
      create: lazyPage(() => import('./QuestionCreate')),
      edit: lazyPage(() => import('./QuestionEdit')),
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
