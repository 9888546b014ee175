/* global window, document, FAKE_STRIPE */
// Stand-in for Stripe.js v3 (https://js.stripe.com/v3/), served by the fake Stripe at /js/v3/ inside a function that
// defines FAKE_STRIPE = { apiUrl, publishableKey }. It offers what the dashboard uses: Stripe(publishableKey),
// elements().create('card') and confirmCardSetup(). The card Element renders plain labelled inputs where Stripe
// renders an iframe, and card details go from the browser straight to the fake, never through the app.

const { apiUrl, publishableKey } = FAKE_STRIPE;

class IntegrationError extends Error {
  constructor(message) {
    super(message);
    this.name = 'IntegrationError';
  }
}

const digitsOf = (value) => String(value ?? '').replace(/\D/g, '');

function brandOf(number) {
  if (/^3[47]/.test(number)) return { brand: 'amex', length: 15, cvc: 4 };
  if (/^(5[1-5]|2[2-7])/.test(number)) return { brand: 'mastercard', length: 16, cvc: 3 };
  if (/^(6011|65)/.test(number)) return { brand: 'discover', length: 16, cvc: 3 };
  if (/^4/.test(number)) return { brand: 'visa', length: 16, cvc: 3 };
  return { brand: 'unknown', length: 16, cvc: 3 };
}

function luhn(number) {
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

function expiryError(exp) {
  const month = Number(exp.slice(0, 2));
  const year = 2000 + Number(exp.slice(2, 4));
  const now = new Date();
  if (month < 1 || month > 12)
    return { code: 'invalid_expiry_month', message: "Your card's expiration date is invalid." };
  if (year < now.getFullYear()) {
    return { code: 'invalid_expiry_year_past', message: "Your card's expiration year is in the past." };
  }
  if (year === now.getFullYear() && month < now.getMonth() + 1) {
    return { code: 'invalid_expiry_month_past', message: "Your card's expiration date is in the past." };
  }
  return null;
}

/** The fields' values read as Stripe's card Element reads them, with each field's error (null when fine). */
function validate(values) {
  const number = digitsOf(values.number);
  const exp = digitsOf(values.exp);
  const cvc = digitsOf(values.cvc);
  const { brand, length, cvc: cvcLength } = brandOf(number);
  const errors = {
    number:
      number.length < length
        ? { code: 'incomplete_number', message: 'Your card number is incomplete.' }
        : luhn(number)
          ? null
          : { code: 'invalid_number', message: 'Your card number is invalid.' },
    exp:
      exp.length < 4
        ? { code: 'incomplete_expiry', message: "Your card's expiration date is incomplete." }
        : expiryError(exp),
    cvc:
      cvc.length < cvcLength ? { code: 'incomplete_cvc', message: "Your card's security code is incomplete." } : null,
  };
  const empty = !number && !exp && !cvc;
  return { number, exp, cvc, brand, errors, empty, complete: !errors.number && !errors.exp && !errors.cvc };
}

/** What a field shows as it is typed: the number in groups of four, the date as MM / YY. */
function format(field, raw) {
  const digits = digitsOf(raw);
  if (field === 'number') return digits.slice(0, brandOf(digits).length).replace(/(\d{4})(?=\d)/g, '$1 ');
  if (field === 'cvc') return digits.slice(0, 4);
  let exp = digits.slice(0, 4);
  if (exp.length === 1 && exp > '1') exp = `0${exp}`;
  return exp.length > 2 ? `${exp.slice(0, 2)} / ${exp.slice(2)}` : exp;
}

const FIELDS = [
  { field: 'number', name: 'cardnumber', label: 'Card number', placeholder: '1234 1234 1234 1234', auto: 'cc-number' },
  { field: 'exp', name: 'exp-date', label: 'Expiration date (MM / YY)', placeholder: 'MM / YY', auto: 'cc-exp' },
  { field: 'cvc', name: 'cvc', label: 'CVC', placeholder: 'CVC', auto: 'cc-csc' },
];

const ROOT_STYLE = 'display:flex;flex-wrap:wrap;gap:8px;font:inherit;';
const FIELD_STYLE = 'display:flex;flex-direction:column;flex:1 1 8em;gap:2px;';
const INPUT_STYLE =
  'font:inherit;color:inherit;background:transparent;padding:6px 8px;border:1px solid #767676;border-radius:4px;';

/** Card Elements by the object handed out, to read them back in confirmCardSetup. */
const cards = new WeakMap();
let serial = 0;

function createCardElement(onDestroy) {
  const id = `fake-stripe-card-${++serial}`;
  const listeners = new Map();
  const values = { number: '', exp: '', cvc: '' };
  const touched = { number: false, exp: false, cvc: false };
  let root = null;
  let inputs = null;
  let destroyed = false;
  let lastError = null;

  const emit = (event, payload) => [...(listeners.get(event) ?? [])].forEach((listener) => listener(payload));

  /** A full but wrong field shows its error at once, an incomplete one once left (or on `all`, at confirmation). */
  const shown = (field, error, all) =>
    Boolean(error) && (all || !error.code.startsWith('incomplete') || (touched[field] && values[field] !== ''));

  /** Marks the fields in error, and gives the state with the first error shown. */
  function refresh(all = false) {
    const state = validate(values);
    let error;
    for (const { field } of FIELDS) {
      const fieldError = state.errors[field];
      const wrong = shown(field, fieldError, all);
      inputs?.[field].setAttribute('aria-invalid', String(wrong));
      if (wrong && !error) error = { type: 'validation_error', code: fieldError.code, message: fieldError.message };
    }
    return { state, error };
  }

  function change() {
    const { state, error } = refresh();
    lastError = error?.code ?? null;
    emit('change', {
      elementType: 'card',
      empty: state.empty,
      complete: state.complete,
      brand: state.brand,
      value: { postalCode: '' },
      ...(error ? { error } : {}),
    });
  }

  function render(container) {
    root = document.createElement('div');
    root.setAttribute('class', 'FakeStripeElement');
    root.setAttribute('data-fake-stripe', 'card');
    root.setAttribute('style', ROOT_STYLE);
    inputs = {};
    for (const { field, name, label, placeholder, auto } of FIELDS) {
      const wrap = document.createElement('div');
      wrap.setAttribute('style', FIELD_STYLE);
      const labelElement = document.createElement('label');
      labelElement.setAttribute('for', `${id}-${field}`);
      labelElement.textContent = label;
      const input = document.createElement('input');
      for (const [attribute, value] of Object.entries({
        id: `${id}-${field}`,
        name,
        type: 'text',
        inputmode: 'numeric',
        autocomplete: auto,
        placeholder,
        style: INPUT_STYLE,
      })) {
        input.setAttribute(attribute, value);
      }
      input.value = values[field];
      input.addEventListener('input', () => {
        values[field] = format(field, input.value);
        if (input.value !== values[field]) input.value = values[field];
        change();
      });
      input.addEventListener('focus', () => emit('focus', { elementType: 'card' }));
      input.addEventListener('blur', () => {
        touched[field] = values[field] !== '';
        emit('blur', { elementType: 'card' });
        if ((refresh().error?.code ?? null) !== lastError) change();
      });
      wrap.appendChild(labelElement);
      wrap.appendChild(input);
      root.appendChild(wrap);
      inputs[field] = input;
    }
    container.appendChild(root);
  }

  const element = {
    mount(target) {
      if (destroyed) throw new IntegrationError('This Element has already been destroyed. Please create a new one.');
      if (root) throw new IntegrationError('This Element is already mounted. Use `unmount` first.');
      const container = typeof target === 'string' ? document.querySelector(target) : target;
      if (!container) {
        throw new IntegrationError(
          `The selector you specified (${String(target)}) applies to no DOM elements that are currently on the page.`,
        );
      }
      render(container);
      setTimeout(() => emit('ready', { elementType: 'card' }), 0);
    },
    unmount() {
      root?.remove();
      root = null;
      inputs = null;
    },
    destroy() {
      element.unmount();
      destroyed = true;
      listeners.clear();
      onDestroy();
    },
    clear() {
      for (const { field } of FIELDS) {
        values[field] = '';
        touched[field] = false;
        if (inputs) inputs[field].value = '';
      }
      change();
    },
    focus() {
      inputs?.number.focus();
    },
    blur() {
      for (const { field } of FIELDS) inputs?.[field].blur();
    },
    update() {},
    on(event, listener) {
      listeners.set(event, [...(listeners.get(event) ?? []), listener]);
      return element;
    },
    off(event, listener) {
      listeners.set(
        event,
        (listeners.get(event) ?? []).filter((known) => listener !== undefined && known !== listener),
      );
      return element;
    },
    once(event, listener) {
      const wrapped = (payload) => {
        element.off(event, wrapped);
        listener(payload);
      };
      return element.on(event, wrapped);
    },
  };
  cards.set(element, {
    check() {
      const { state, error } = refresh(true);
      return { ...state, error };
    },
  });
  return element;
}

async function call(method, path, params) {
  try {
    const query = method === 'GET' ? `?${params}` : '';
    const res = await fetch(`${apiUrl}${path}${query}`, {
      method,
      headers: method === 'GET' ? {} : { 'content-type': 'application/x-www-form-urlencoded' },
      body: method === 'GET' ? undefined : params.toString(),
    });
    return { ok: res.ok, body: await res.json() };
  } catch {
    return {
      ok: false,
      body: { error: { type: 'api_connection_error', message: 'An error occurred with our connection to Stripe.' } },
    };
  }
}

function intentId(clientSecret, method) {
  const match = /^(seti_[A-Za-z0-9]+)_secret_[A-Za-z0-9]+$/.exec(String(clientSecret ?? ''));
  if (!match) {
    throw new IntegrationError(
      `Invalid value for ${method}: clientSecret should be a client secret of the form \${id}_secret_\${secret}.`,
    );
  }
  return match[1];
}

function Stripe(key) {
  if (typeof key !== 'string' || key === '') {
    throw new IntegrationError('Please call Stripe() with your publishable key. You used an empty string.');
  }
  if (key.startsWith('sk_')) {
    throw new IntegrationError(
      'You should not use your secret key with Stripe.js. Please pass a publishable key instead.',
    );
  }
  if (key !== publishableKey) throw new IntegrationError(`Invalid API Key provided: ${key}`);
  let card = null;
  return {
    elements() {
      return {
        create(type) {
          if (type !== 'card')
            throw new IntegrationError(`The fake Stripe.js offers the card Element only, not ${type}.`);
          if (card) throw new IntegrationError('Can only create one Element of type card.');
          card = createCardElement(() => {
            card = null;
          });
          return card;
        },
        getElement(type) {
          return type === 'card' ? card : null;
        },
        update() {},
      };
    },
    async confirmCardSetup(clientSecret, data = {}) {
      const id = intentId(clientSecret, 'confirmCardSetup');
      const params = new URLSearchParams({ client_secret: clientSecret, key: publishableKey });
      const method = data.payment_method;
      if (typeof method === 'string') params.set('payment_method', method);
      else {
        const reader = method && cards.get(method.card);
        if (!reader) {
          throw new IntegrationError(
            'Invalid value for confirmCardSetup: payment_method.card should be a card Element or a PaymentMethod id.',
          );
        }
        const state = reader.check();
        if (!state.complete) return { error: state.error };
        params.set('payment_method_data[type]', 'card');
        params.set('payment_method_data[card][number]', state.number);
        params.set('payment_method_data[card][exp_month]', state.exp.slice(0, 2));
        params.set('payment_method_data[card][exp_year]', `20${state.exp.slice(2, 4)}`);
        params.set('payment_method_data[card][cvc]', state.cvc);
        for (const detail of ['name', 'email']) {
          const value = method.billing_details?.[detail];
          if (value) params.set(`payment_method_data[billing_details][${detail}]`, value);
        }
      }
      const { ok, body } = await call('POST', `/v1/setup_intents/${id}/confirm`, params);
      return ok ? { setupIntent: body } : { error: body.error };
    },
    async retrieveSetupIntent(clientSecret) {
      const id = intentId(clientSecret, 'retrieveSetupIntent');
      const params = new URLSearchParams({ client_secret: clientSecret, key: publishableKey });
      const { ok, body } = await call('GET', `/v1/setup_intents/${id}`, params);
      return ok ? { setupIntent: body } : { error: body.error };
    },
  };
}
Stripe.version = 3;

window.Stripe = Stripe;
