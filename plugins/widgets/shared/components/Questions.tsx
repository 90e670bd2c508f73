// The custom questions (plugins/review-questions) in the storefront: their fields in the review form,
// and in the review box how reviewers answered (each answer's share as text, the bar only drawn
// beside it), buttons that list the reviews with one answer, and "% would recommend".
import type { AnswerDistribution, AskedQuestion, ProductAnswers } from '@plaudit/contracts/review-questions';
import type { WidgetText } from '../widget-text';

const percent = (text: WidgetText, share: number) => text.number(share, { style: 'percent', maximumFractionDigits: 0 });

/** Each question's choices as the form offers them; a multiple choice is one checkbox per choice (`q<id>.<key>`). */
function choices(q: AskedQuestion, text: WidgetText): { value: string; label: string }[] {
  if (q.kind === 'yesno')
    return [
      { value: 'yes', label: text.t('form.yes') },
      { value: 'no', label: text.t('form.no') },
    ];
  if (q.kind === 'scale') {
    const points = q.points ?? 5;
    return Array.from({ length: points }, (_, i) => {
      const value = String(i + 1);
      const end = i === 0 ? q.lowLabel : i + 1 === points ? q.highLabel : null;
      return { value, label: end ? `${value} · ${end}` : value };
    });
  }
  return q.options.map((o) => ({ value: o.key, label: o.label }));
}

export function QuestionFields({ questions, text, f }: { questions: AskedQuestion[]; text: WidgetText; f: (name: string) => string }) {
  return (
    <>
      {questions.map((q) => {
        const name = `q${q.id}`;
        return (
          <fieldset key={q.id} className="pl-field pl-question" aria-describedby={`${f(name)}-error`}>
            <legend>
              {q.label}
              {q.required ? null : <span className="pl-hint"> {text.t('form.optional')}</span>}
            </legend>
            {choices(q, text).map((c, i) => (
              <label key={c.value} className="pl-choice" htmlFor={f(`${name}-${i}`)}>
                {q.kind === 'multiple' ? (
                  <input type="checkbox" id={f(`${name}-${i}`)} name={`${name}.${c.value}`} value="1" />
                ) : (
                  <input type="radio" id={f(`${name}-${i}`)} name={name} value={c.value} required={q.required} />
                )}{' '}
                {c.label}
              </label>
            ))}
            <p className="pl-field-error" id={`${f(name)}-error`} data-pl-error={name} hidden />
          </fieldset>
        );
      })}
    </>
  );
}

function Distribution({ d, text, selected, idBase }: { d: AnswerDistribution; text: WidgetText; selected?: string; idBase: string }) {
  const id = `${idBase}-q${d.question.id}`;
  return (
    <div className="pl-answer-q">
      <h4 className="pl-answer-title" id={id}>
        {d.question.label}
      </h4>
      <ul className="pl-bars" aria-labelledby={id}>
        {d.counts.map((c) => {
          const share = d.total ? c.count / d.total : 0;
          const key = `${d.question.id}:${c.value}`;
          return (
            <li key={c.value}>
              <button type="button" className="pl-bar-row pl-answer-row" data-pl-answer={key} aria-pressed={selected === key} disabled={c.count === 0}>
                <span className="pl-answer-label">{c.label}</span>
                <span className="pl-bar" aria-hidden="true">
                  <span className="pl-bar-fill" style={{ width: `${Math.round(share * 100)}%` }} />
                </span>
                <span className="pl-bar-count">{percent(text, share)}</span>
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** "% would recommend" and every answered question's distribution; its buttons filter the list. */
export function AnswerSummary({ answers, text, selected, idBase }: { answers: ProductAnswers; text: WidgetText; selected?: string; idBase: string }) {
  return (
    <section className="pl-answers" aria-labelledby={`${idBase}-answers`}>
      <h3 className="pl-answers-title" id={`${idBase}-answers`}>
        {text.t('box.answers_label')}
      </h3>
      {answers.recommendPercent === null ? null : (
        <p className="pl-recommend">{text.t('box.recommend', { percent: percent(text, answers.recommendPercent / 100) })}</p>
      )}
      {answers.distributions.map((d) => (
        <Distribution key={d.question.id} d={d} text={text} selected={selected} idBase={idBase} />
      ))}
    </section>
  );
}
