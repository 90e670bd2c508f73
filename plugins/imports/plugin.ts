// Imports and export (issue 12): competitors' review files and marketplace pages in, Plaudit's and
// Judge.me's formats out, and a shop's questions and answers both ways (issue 20). Every review goes
// in through the reviews plugin's ReviewWrite capability and comes out through ReviewExport
// (questions likewise through QuestionsImport / QuestionsExport); without the plugin the screens
// answer and an import run fails with its reason.
import { definePlugin, provide } from '@plaudit/kernel';
import { ImportHistory } from '@plaudit/contracts/imports';
import { QuestionsExport, QuestionsImport } from '@plaudit/contracts/questions';
import { ReviewExport, ReviewWrite } from '@plaudit/contracts/reviews';
import { marketplaceFilters } from './db/imports';
import { ReviewQuestions } from '@plaudit/contracts/review-questions';
import { ProductGroups } from '@plaudit/contracts/product-groups';

export default definePlugin({
  id: 'imports',
  // a free shop imports a sample per run (spec section 9); paid plans up to 10,000 reviews at a time
  features: { importUnlimited: 'base' },
  // questions and answers in and out (Plaudit's Q&A CSV) through the questions plugin, when it is there;
  // the reviews' answers to custom questions in Plaudit's export (plugins/review-questions); the
  // products' groups in it, and the group CSV both ways (plugins/product-groups)
  needs: [ReviewWrite, ReviewExport, QuestionsImport, QuestionsExport, ReviewQuestions, ProductGroups],
  // which star ratings its marketplace imports asked for (the disclosure page states the selection)
  provides: [provide(ImportHistory, () => ({ marketplaceFilters }))],
});
