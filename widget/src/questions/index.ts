import type { TPublicQuestion, TPublicQuestions } from '../../../shared/questions.js';
import { fill, h } from '../dom.js';
import formCss from '../form/form.css';
import type { QuestionsContext } from '../types.js';
import css from './questions.css';

// The Questions panel (issue 25), in the on-demand chunk: the "Questions" disclosure button of the initial bundle opens
// it. It lists the product's published questions with the store's answers (a CDN-cacheable GET naming the store's data
// version and the page) and lets a shopper ask one (name, e-mail, question), which waits for the store's answer.

const PAGE_SIZE = 5;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const NAME_MAX = 150;
const QUESTION_MAX = 1000;

type TField = 'name' | 'email' | 'question';

function item(question: TPublicQuestion, context: QuestionsContext, date: (iso: string) => string): HTMLElement {
  const { strings, store_name } = context.configuration;
  const element = h('li', 'vr-q');
  element.append(
    h('p', 'vr-q-text', question.question),
    h(
      'p',
      'vr-q-meta',
      fill(strings.asked_by, { name: question.name || strings.anonymous, date: date(question.created_at) }),
    ),
  );
  const answer = element.appendChild(h('p', 'vr-reply vr-q-answer'));
  answer.append(h('strong', '', fill(strings.answer_from, { store: store_name || '' })), h('br'), question.answer);
  return element;
}

function renderQuestions(context: QuestionsContext): void {
  const { container, configuration, button } = context;
  const { strings } = configuration;
  // A second press closes the panel (a disclosure).
  if (container.firstChild) {
    container.textContent = '';
    button.setAttribute('aria-expanded', 'false');
    return;
  }
  container.id = 'vr-questions';
  button.setAttribute('aria-controls', container.id);
  button.setAttribute('aria-expanded', 'true');
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat(configuration.language, { dateStyle: 'medium' });
  } catch {
    format = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
  }
  const date = (iso: string) => format.format(new Date(iso));

  const panel = h('section', 'vr-questions', null, { 'aria-labelledby': 'vr-q-title' });
  const title = panel.appendChild(
    h('h3', 'vr-form-title', strings.questions_title, { id: 'vr-q-title', tabindex: '-1' }),
  );
  const list = panel.appendChild(h('ul', 'vr-q-list', null, { 'aria-busy': 'true' }));
  const listStatus = panel.appendChild(h('p', 'vr-q-status', null, { role: 'status' }));
  const more = panel.appendChild(
    h('button', 'vr-btn vr-ask vr-q-more', strings.more_questions, { type: 'button', hidden: '' }),
  );

  const load = (url: string) => {
    more.disabled = true;
    list.setAttribute('aria-busy', 'true');
    const versioned = context.version ? url + '&v=' + encodeURIComponent(context.version) : url;
    fetch(versioned, { cache: context.version ? 'default' : 'no-cache' })
      .then((response) => {
        if (!response.ok) throw new Error(String(response.status));
        return response.json() as Promise<TPublicQuestions>;
      })
      .then(
        (page) => {
          const first = list.children.length;
          for (const question of page.results) list.append(item(question, context, date));
          listStatus.textContent = list.children.length ? '' : strings.no_questions;
          more.hidden = !page.next;
          if (page.next) more.onclick = () => load(new URL(page.next as string, context.api + '/').href);
          // The button went away: keep the keyboard on the first new question.
          if (first && !page.next && list.children[first]) {
            (list.children[first] as HTMLElement).tabIndex = -1;
            (list.children[first] as HTMLElement).focus();
          }
        },
        () => (listStatus.textContent = strings.questions_failed),
      )
      .then(() => {
        more.disabled = false;
        list.removeAttribute('aria-busy');
      });
  };
  load(
    `${context.api}/api/questions/public/?${new URLSearchParams({
      product_id: context.product.id,
      merchant_id: context.store,
      page_size: String(PAGE_SIZE),
    })}`,
  );

  const form = panel.appendChild(h('form', 'vr-form', null, { novalidate: '', 'aria-labelledby': 'vr-ask-title' }));
  form.append(h('h4', 'vr-form-title', strings.ask_title, { id: 'vr-ask-title' }));
  const alert = form.appendChild(h('p', 'vr-error', null, { role: 'alert', tabindex: '-1', hidden: '' }));
  const controls = {} as Record<TField, HTMLInputElement | HTMLTextAreaElement>;
  const errors = {} as Record<TField, HTMLElement>;
  const field = (name: TField, label: string, control: HTMLInputElement | HTMLTextAreaElement) => {
    const id = 'vr-q-' + name;
    const wrap = form.appendChild(h('div', 'vr-field'));
    const error = h('span', 'vr-field-error', null, { id: id + '-error' });
    control.id = id;
    control.name = name;
    control.required = true;
    control.setAttribute('aria-describedby', error.id);
    wrap.append(h('label', 'vr-label', label, { for: id }), control, error);
    controls[name] = control;
    errors[name] = error;
  };
  field(
    'name',
    strings.name,
    h('input', '', null, { type: 'text', autocomplete: 'name', maxlength: String(NAME_MAX) }),
  );
  field('email', strings.email, h('input', '', null, { type: 'email', autocomplete: 'email', maxlength: '254' }));
  field('question', strings.question, h('textarea', '', null, { rows: '3', maxlength: String(QUESTION_MAX) }));
  const buttons = form.appendChild(h('div', 'vr-buttons'));
  const submit = buttons.appendChild(h('button', 'vr-btn vr-submit', strings.send_question, { type: 'submit' }));
  const close = buttons.appendChild(h('button', 'vr-btn vr-cancel', strings.close, { type: 'button' }));
  const sent = form.appendChild(h('p', 'vr-q-sent', null, { role: 'status' }));
  close.onclick = () => {
    container.textContent = '';
    button.setAttribute('aria-expanded', 'false');
    context.done();
  };

  const value = (name: TField) => controls[name].value.trim();
  const setError = (name: TField, message: string) => {
    errors[name].textContent = message;
    if (message) controls[name].setAttribute('aria-invalid', 'true');
    else controls[name].removeAttribute('aria-invalid');
  };
  const setAlert = (message: string) => {
    alert.textContent = message;
    alert.hidden = !message;
    if (message) alert.focus({ preventScroll: true });
  };
  const check = (): Partial<Record<TField, string>> => {
    const problems: Partial<Record<TField, string>> = {};
    if (!value('name')) problems.name = strings.name_required;
    if (!value('email')) problems.email = strings.email_required;
    else if (!EMAIL.test(value('email'))) problems.email = strings.invalid_email;
    if (!value('question')) problems.question = strings.question_required;
    return problems;
  };
  form.oninput = (event) => {
    const name = (event.target as HTMLInputElement).name as TField;
    if (errors[name]?.textContent) setError(name, check()[name] || '');
  };
  form.onsubmit = (event) => {
    event.preventDefault();
    if (submit.disabled) return;
    const problems = check();
    for (const name of Object.keys(controls) as TField[]) setError(name, problems[name] || '');
    if (Object.keys(problems).length) return setAlert(strings.question_check);
    submit.disabled = true;
    setAlert('');
    sent.textContent = '';
    fetch(context.api + '/api/questions/public/', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        merchant_id: context.store,
        product_id: context.product.id,
        product_name: context.product.name.slice(0, 300),
        name: value('name'),
        email: value('email'),
        question: value('question'),
        session_id: context.session,
      }),
    })
      .then(async (response) => {
        if (response.ok) {
          form.reset();
          sent.textContent = strings.question_sent;
          return;
        }
        const answer = (await response.json().catch(() => ({}))) as { fields?: Record<string, string[]> };
        for (const [name, messages] of Object.entries(answer.fields || {})) {
          if (errors[name as TField]) setError(name as TField, messages.join(' '));
        }
        setAlert(
          response.status === 429
            ? strings.question_throttled
            : answer.fields
              ? strings.question_check
              : strings.question_failed,
        );
      })
      .catch(() => setAlert(strings.question_failed))
      .then(() => (submit.disabled = false));
  };

  container.append(h('style', '', formCss + css), panel);
  title.focus();
}

window.__vrQuestions = renderQuestions;
