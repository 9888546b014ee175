import { mediaRequired } from '../../../shared/widget-options.js';
import { fill, h } from '../dom.js';
import { clock } from '../parts.js';
import type { FormContext } from '../types.js';
import css from './form.css';
import { canRecord, record, type Recording } from './recorder.js';
import { cancelUpload, remembered, resumable } from './tus.js';
import { thumbnail, upload, type UploadError } from './upload.js';

// The submission form and camera recorder (DESIGN §7), in the on-demand chunk the widget's "write a review"
// button waits for. It checks what the server checks before sending anything, then uploads with progress: a photo
// in the review's POST, a video first as a resumable upload (tus.ts) that the POST then names. What the shopper
// typed, and how far the video got, are kept for the browser session, so a reload of the page loses neither.

const VIDEO_TYPES = ['video/mp4', 'video/webm', 'video/quicktime'];
const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
const MB = 1024 * 1024;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** A recording stops this far short of the server's limit, so the recorder's last moment never makes it too long. */
const RECORDING_MARGIN_S = 1;
/** The limit of an answer a cache kept from before answers carried one (`limits.video_seconds`). */
const RECORDING_FALLBACK_S = 60;
/** The server's field names, by the form field that shows their errors. */
const SERVER_FIELDS: Record<string, string> = {
  video: 'media',
  photo: 'media',
  thumbnail: 'media',
  upload_id: 'media',
};

type TField = 'customer_name' | 'customer_email' | 'rating' | 'comment' | 'media';
type TText = 'customer_name' | 'customer_email' | 'comment';
const TEXTS: TText[] = ['customer_name', 'customer_email', 'comment'];

/** What the form keeps in sessionStorage: the fields, and the video being uploaded (its name, the percent the server
 * holds, the key of its upload's URL). */
interface Draft {
  fields?: Partial<Record<TText | 'rating', string>>;
  video?: { name: string; percent: number; key: string };
}

/** Tells one file from another across a reload (the same choice gives the same File properties). */
const fingerprint = (chosen: File) => [chosen.name, chosen.type, chosen.size, chosen.lastModified].join('/');

/** An http(s) URL the server accepts, else nothing. */
const httpUrl = (url: string) => (/^https?:\/\//.test(url) && url.length <= 2000 ? url : '');

function renderForm(context: FormContext): void {
  const { configuration, container, product } = context;
  const { strings, limits } = configuration;
  // The video leads the form either way; a store taking reviews with only stars and text makes it optional.
  const optional = !mediaRequired(configuration.settings);
  const errors = {} as Record<TField, HTMLElement>;
  const controls = {} as Record<TField, HTMLElement>;
  let file: File | null = null;
  let recording: Recording | null = null;
  let stop: (() => void) | null = null;
  const draftKey = 'vr:form:' + context.store + ':' + product.id;
  const uploadKey = (chosen: File) => 'vr:up:' + context.store + ':' + product.id + ':' + fingerprint(chosen);
  let draft: Draft = {};
  try {
    draft = (JSON.parse(remembered(draftKey) || '{}') as Draft | null) || {};
  } catch {
    // A draft another version wrote: start blank.
  }

  const form = h('form', 'vr-form', null, { novalidate: '', 'aria-labelledby': 'vr-form-title' });
  form.append(h('h3', 'vr-form-title', strings.form_title, { id: 'vr-form-title' }));
  // Focused (so brought into view) when it says something went wrong: on a phone it is a screen above the button.
  const alert = form.appendChild(h('p', 'vr-error', null, { role: 'alert', tabindex: '-1' }));

  const field = (name: TField, label: string, control: HTMLElement, group?: HTMLElement) => {
    const id = 'vr-' + name;
    const wrap = group || h('div', 'vr-field');
    const error = h('span', 'vr-field-error', null, { id: id + '-error' });
    if (!group) {
      control.id = id;
      wrap.append(h('label', 'vr-label', label, { for: id }), control);
    }
    control.setAttribute('aria-describedby', error.id);
    wrap.append(error);
    errors[name] = error;
    controls[name] = control;
    form.append(wrap);
  };
  const input = (name: string, type: string, max: number, autocomplete: string) =>
    h('input', '', null, { name, type, maxlength: String(max), autocomplete, required: '' });

  const media = h('div', 'vr-field', null, { role: 'group', 'aria-labelledby': 'vr-media-label' });
  media.append(h('span', 'vr-label', optional ? strings.media_optional : strings.media, { id: 'vr-media-label' }));
  const row = media.appendChild(h('div', 'vr-media-row'));
  const picker = h('input', 'vr-file-input', null, {
    id: 'vr-media',
    type: 'file',
    name: 'media',
    accept: VIDEO_TYPES.concat(PHOTO_TYPES).join(','),
  });
  row.append(picker, h('label', 'vr-btn vr-choose', strings.choose_file, { for: 'vr-media' }));
  const recordButton = h('button', 'vr-btn vr-record', strings.record, { type: 'button' });
  const stopButton = h('button', 'vr-btn vr-stop', strings.stop_recording, { type: 'button', hidden: '' });
  if (canRecord()) row.append(recordButton, stopButton);
  const status = media.appendChild(h('span', 'vr-recording', null, { role: 'status' }));
  const timer = media.appendChild(h('span', 'vr-timer', null, { role: 'timer', hidden: '' }));
  const live = media.appendChild(h('video', 'vr-live', null, { muted: '', playsinline: '', hidden: '' }));
  // The recording, to watch before sending it.
  const replay = media.appendChild(
    h('video', 'vr-replay', null, { controls: '', playsinline: '', 'aria-label': strings.your_recording, hidden: '' }),
  );
  const chosen = media.appendChild(h('div', 'vr-file', null, { hidden: '' }));
  const chosenName = chosen.appendChild(h('span', 'vr-file-name'));
  const remove = chosen.appendChild(h('button', 'vr-btn vr-remove', strings.remove_file, { type: 'button' }));
  const hint = media.appendChild(h('p', 'vr-hint', null, { hidden: '' }));
  field('media', '', picker, media);

  field('customer_name', strings.name, input('customer_name', 'text', limits.name_length, 'name'));
  field('customer_email', strings.email, input('customer_email', 'email', 254, 'email'));

  const rating = h('fieldset', 'vr-field vr-rating');
  rating.append(h('legend', 'vr-label', strings.rating));
  const starRow = rating.appendChild(h('div', 'vr-star-row'));
  for (let n = 1; n <= 5; n++) {
    const star = starRow.appendChild(h('label', 'vr-star'));
    star.append(
      h('input', '', null, {
        type: 'radio',
        name: 'rating',
        value: String(n),
        required: '',
        'aria-label': fill(strings.stars, { n }),
      }),
      h('span', '', '★', { 'aria-hidden': 'true' }),
    );
  }
  const paintStars = () => {
    const value = Number(checkedRating());
    starRow.querySelectorAll('.vr-star').forEach((star, index) => star.classList.toggle('vr-on', index < value));
  };
  starRow.onchange = paintStars;
  field('rating', '', rating, rating);

  const comment = h('textarea', '', null, { name: 'comment', rows: '4', maxlength: String(limits.comment_length) });
  field('comment', strings.comment, comment);


  const progress = form.appendChild(
    h('div', 'vr-progress', null, {
      role: 'progressbar',
      'aria-valuemin': '0',
      'aria-valuemax': '100',
      'aria-valuenow': '0',
      hidden: '',
    }),
  );
  const fillBar = progress.appendChild(h('span', 'vr-fill'));
  const progressText = progress.appendChild(h('span', 'vr-progress-text'));

  const buttons = form.appendChild(h('div', 'vr-buttons'));
  // One button sends, and after a failure sends again (named "try again" when only the network or server failed).
  const submit = buttons.appendChild(h('button', 'vr-btn vr-submit', strings.submit, { type: 'submit' }));
  const cancel = buttons.appendChild(h('button', 'vr-btn vr-cancel', strings.cancel, { type: 'button' }));

  function checkedRating(): string {
    return form.querySelector<HTMLInputElement>('input[name=rating]:checked')?.value || '';
  }
  function value(name: TText): string {
    return (controls[name] as HTMLInputElement).value.trim();
  }
  /** Keeps the fields as typed, and the video's progress, for the rest of the browser session. */
  const keep = () => {
    const fields: Draft['fields'] = { rating: checkedRating() };
    for (const name of TEXTS) fields[name] = (controls[name] as HTMLInputElement).value;
    draft.fields = fields;
    remembered(draftKey, JSON.stringify(draft));
  };

  const setError = (name: TField, message: string) => {
    errors[name].textContent = message;
    const targets = name === 'rating' ? rating.querySelectorAll('input') : [controls[name]];
    for (const target of targets) {
      if (message) target.setAttribute('aria-invalid', 'true');
      else target.removeAttribute('aria-invalid');
    }
  };
  const setAlert = (message: string) => {
    alert.textContent = message;
    alert.hidden = !message;
    if (!message) return;
    alert.focus({ preventScroll: true });
    // Centred: clear of a theme's sticky header.
    alert.scrollIntoView({ block: 'center' });
  };
  /** A field the shopper changed: a message it shows follows what it now holds (gone once it is right). */
  const recheck = (name: TField) => {
    if (errors[name].textContent) setError(name, check()[name] || '');
    settle();
  };
  /** The summary asking to fix the marked fields goes with the last marked field. */
  const settle = () => {
    if (alert.textContent === strings.check_fields && !Object.values(errors).some((error) => error.textContent)) {
      setAlert('');
    }
  };

  const fileProblem = (candidate: File): string => {
    const video = VIDEO_TYPES.includes(candidate.type);
    if (!video && !PHOTO_TYPES.includes(candidate.type)) return strings.unsupported_file;
    const max = video ? limits.video_bytes : limits.photo_bytes;
    return candidate.size > max ? fill(strings.file_too_large, { n: Math.round(max / MB) }) : '';
  };
  /** A file chosen, recorded (shown to be watched, and recorded again at will) or removed. */
  const choose = (next: File | null, recorded = false) => {
    file = next;
    hint.hidden = true;
    chosen.hidden = !next;
    chosenName.textContent = next ? next.name : '';
    if (!next) picker.value = '';
    if (replay.src) URL.revokeObjectURL(replay.src);
    replay.hidden = !recorded;
    if (recorded) replay.src = URL.createObjectURL(next as File);
    else replay.removeAttribute('src');
    recordButton.textContent = recorded ? strings.record_again : strings.record;
    if (!recorded) status.textContent = '';
    // Removing the file of a marked field leaves it marked, for what it now misses.
    setError('media', next ? fileProblem(next) : !optional && errors.media.textContent ? strings.media_required : '');
    // Without a file the text may become required, and with one no longer.
    recheck('comment');
  };
  picker.onchange = () => choose(picker.files?.[0] || null);
  remove.onclick = () => {
    choose(null);
    picker.focus();
  };

  const recordingUi = (on: boolean) => {
    recordButton.hidden = on;
    stopButton.hidden = !on;
    live.hidden = !on;
    timer.hidden = !on;
    if (on) replay.hidden = true;
    status.textContent = on ? strings.recording : '';
  };
  const recordSeconds = Math.max(1, (limits.video_seconds || RECORDING_FALLBACK_S) - RECORDING_MARGIN_S);
  recordButton.onclick = () => {
    recordButton.disabled = true;
    setError('media', '');
    record(live, recordSeconds, {
      tick: (left) => (timer.textContent = fill(strings.time_left, { time: clock(left) })),
      done: (recorded, atLimit) => {
        const focused = (form.getRootNode() as ShadowRoot).activeElement === stopButton;
        recording = null;
        recordingUi(false);
        if (focused) recordButton.focus();
        // Cancelled: the recording before it, if any, is still the one chosen.
        if (!recorded) return void (replay.hidden = !replay.getAttribute('src'));
        picker.value = '';
        choose(recorded, true);
        status.textContent = atLimit
          ? fill(strings.limit_reached, { time: clock(recordSeconds) })
          : strings.recording_ready;
      },
    }).then(
      (started) => {
        recordButton.disabled = false;
        recording = started;
        recordingUi(true);
        stopButton.focus();
      },
      () => {
        recordButton.disabled = false;
        setError('media', strings.camera_unavailable);
      },
    );
  };
  stopButton.onclick = () => recording?.stop();

  /** The same checks as the server, so nothing is uploaded that it would refuse. */
  const check = (): Partial<Record<TField, string>> => {
    const problems: Partial<Record<TField, string>> = {};
    if (!value('customer_name')) problems.customer_name = strings.name_required;
    const email = value('customer_email');
    if (!email) problems.customer_email = strings.email_required;
    else if (!EMAIL.test(email)) problems.customer_email = strings.invalid_email;
    if (!checkedRating()) problems.rating = strings.rating_required;
    const length = value('comment').length;
    if (length > limits.comment_length) problems.comment = `${length} / ${limits.comment_length}`;
    const mediaProblem = file ? fileProblem(file) : optional ? '' : strings.media_required;
    if (mediaProblem) problems.media = mediaProblem;
    // A review with only stars and text: the text is what it has to say.
    if (!file && optional && !length) problems.comment = strings.comment_required;
    return problems;
  };

  const showProgress = (percent: number) => {
    progress.hidden = false;
    progress.setAttribute('aria-valuenow', String(percent));
    fillBar.style.width = percent + '%';
    progressText.textContent = fill(strings.uploading, { n: percent });
  };

  /** Everything the shopper typed and chose stays: only the message and the button's name change. */
  const failed = (answer: UploadError) => {
    stop = null;
    // The review's POST refused the upload it named (expired meanwhile): the next try starts a new one.
    if (answer.fields?.upload_id && draft.video) remembered(draft.video.key, null);
    submit.disabled = false;
    progress.hidden = true;
    const status = answer.status || 0;
    submit.textContent = status && status < 500 ? strings.submit : strings.retry;
    if (status === 429 && answer.retryAfter) {
      const minutes = Math.ceil(answer.retryAfter / 60);
      setAlert(fill(minutes > 1 ? strings.throttled_many : strings.throttled_one, { n: minutes }));
    } else {
      setAlert((status < 500 && answer.detail) || strings.upload_failed);
    }
    for (const [name, messages] of Object.entries(answer.fields || {})) {
      const target = (SERVER_FIELDS[name] || name) as TField;
      if (errors[target]) setError(target, messages.join(' '));
    }
  };
  const succeeded = () => {
    stop = null;
    if (draft.video) remembered(draft.video.key, null);
    remembered(draftKey, null);
    form.remove();
    const thanks = container.appendChild(h('div', 'vr-thanks', null, { role: 'status', tabindex: '-1' }));
    const close = h('button', 'vr-btn vr-cancel', strings.close, { type: 'button' });
    close.onclick = shut;
    thanks.append(h('strong', '', strings.thank_you), h('p', '', strings.thank_you_detail), close);
    thanks.focus();
  };
  const send = (body: FormData, progressed: (percent: number) => void) => {
    const xhr = upload(context.api + '/api/reviews/upload/', body, progressed, (answer) =>
      answer ? failed(answer) : succeeded(),
    );
    stop = () => xhr.abort();
  };
  /** The video as a resumable upload, then the review naming it; the bar follows the bytes sent. */
  const sendVideo = (body: FormData, video: File) => {
    const key = uploadKey(video);
    let shown = -1;
    stop = resumable({
      endpoint: context.api + '/api/reviews/uploads/',
      file: video,
      key,
      metadata: { merchant_id: context.store, filetype: video.type },
      progress(sent, stored) {
        const percent = (bytes: number) => Math.floor((bytes * 100) / (video.size || 1));
        if (percent(sent) !== shown) showProgress((shown = percent(sent)));
        // What a reload would resume from: the bytes the server confirmed.
        if (draft.video?.key !== key || draft.video.percent !== percent(stored)) {
          draft.video = { name: video.name, percent: percent(stored), key };
          keep();
        }
      },
      waiting(seconds) {
        shown = -1;
        progressText.textContent = fill(strings.reconnecting, { n: seconds });
      },
      done(error, id) {
        if (error) return failed(error);
        body.append('upload_id', id as string);
        send(body, () => undefined);
      },
    });
  };

  form.onsubmit = (event) => {
    event.preventDefault();
    if (submit.disabled || recording) return;
    const problems = check();
    for (const name of Object.keys(errors) as TField[]) setError(name, problems[name] || '');
    if (Object.keys(problems).length) {
      // One summary on top, focused; each field says what it is missing.
      setAlert(strings.check_fields);
      return;
    }
    const chosenFile = file as File;
    const video = !!file && VIDEO_TYPES.includes(file.type);
    const body = new FormData();
    body.append('merchant_id', context.store);
    body.append('product_id', product.id);
    body.append('product_name', product.name.slice(0, 300));
    body.append('product_image', httpUrl(product.image));
    body.append('product_url', httpUrl(product.url));
    body.append('customer_name', value('customer_name'));
    body.append('customer_email', value('customer_email'));
    body.append('rating', checkedRating());
    body.append('comment', value('comment'));
    body.append('session_id', context.session);
    submit.disabled = true;
    setAlert('');
    // A video resumed after a reload starts where the server stood then, not at 0.
    showProgress(video && draft.video?.key === uploadKey(chosenFile) ? draft.video.percent : 0);
    if (!video) {
      if (file) body.append('photo', file, file.name);
      return send(body, showProgress);
    }
    thumbnail(chosenFile).then((jpeg) => {
      if (jpeg) body.append('thumbnail', jpeg, 'thumbnail.jpg');
      sendVideo(body, chosenFile);
    });
  };
  // A marked field's message follows what the shopper types (the file input's, once `choose` has the file); the next
  // submit checks everything again.
  form.oninput = (event) => {
    keep();
    const name = (event.target as HTMLInputElement).name as TField;
    if (name !== 'media' && errors[name]) recheck(name);
  };

  function shut() {
    stop?.();
    if (draft.video) cancelUpload(draft.video.key);
    remembered(draftKey, null);
    recording?.cancel();
    container.textContent = '';
    context.done();
  }
  cancel.onclick = shut;

  // Back after a reload: what was typed, and where the video's upload stopped (the same file resumes it).
  for (const name of TEXTS) (controls[name] as HTMLInputElement).value = draft.fields?.[name] || '';
  const rated = form.querySelector<HTMLInputElement>(`input[name=rating][value="${draft.fields?.rating}"]`);
  if (rated) {
    rated.checked = true;
    paintStars();
  }
  if (draft.video) {
    hint.textContent = fill(strings.resume_hint, { name: draft.video.name, n: draft.video.percent });
    hint.hidden = false;
  }

  container.textContent = '';
  container.append(h('style', '', css), form);
  setAlert('');
  // The form's first step: where the shopper records or chooses the video (brought into view with it).
  (recordButton.isConnected ? recordButton : picker).focus();
}

window.__vrForm = renderForm;
