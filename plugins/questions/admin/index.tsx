import QuestionAnswerIcon from '@mui/icons-material/QuestionAnswer';
import { defineAdminPlugin, lazyPage, MENU_POSITION } from '@plaudit/kernel/admin';

// Questions & answers: the moderation list (/questions) and the answer editor (/questions/:id), a
// react-admin resource over the cursor-paged /api/questions. The spec names no route nor menu item
// for Q&A: the entry sits right after Manage reviews, whose moderation it mirrors.
export default defineAdminPlugin({
  id: 'questions',
  menu: [{ key: 'questions', labelKey: 'questions:menu', to: '/questions', position: MENU_POSITION.manageReviews + 5, icon: QuestionAnswerIcon }],
  resources: [{ name: 'questions', list: lazyPage(() => import('./QuestionList')), edit: lazyPage(() => import('./QuestionPage')), icon: QuestionAnswerIcon }],
});
