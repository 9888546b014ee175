import type { Answer, OperationContext, ShopState } from './graphql.js';

// Metafields as the Admin API keeps them: metafieldsSet (≤ 25 a call, all or nothing, values checked against their
// type and any definition), metafieldsDelete, and standardMetafieldDefinitionEnable from the templates the app uses.
// Owners: the app installation (no scope needed) or one of the shop's products (write_products).

export interface FakeDefinition {
  id: string;
  ownerType: string;
  namespace: string;
  key: string;
  type: string;
  pinned: boolean;
}

type UserError = { field: string[] | null; message: string; code: string | null };
type Variables = Record<string, unknown>;

const MAX_INPUTS = 25;
const PRODUCT_SCOPE = 'write_products';
const GID = /^gid:\/\/shopify\/([A-Za-z]+)\/(\d+)$/;
/** The standard definition templates the fake knows (Shopify's list has many more), by owner type. */
const TEMPLATES: Array<Omit<FakeDefinition, 'id' | 'pinned'>> = [
  { ownerType: 'PRODUCT', namespace: 'reviews', key: 'rating', type: 'rating' },
  { ownerType: 'PRODUCT', namespace: 'reviews', key: 'rating_count', type: 'number_integer' },
  { ownerType: 'PRODUCT', namespace: 'descriptors', key: 'subtitle', type: 'single_line_text_field' },
];
const TYPES = new Set([
  'single_line_text_field',
  'multi_line_text_field',
  'number_integer',
  'number_decimal',
  'rating',
  'url',
  'boolean',
  'json',
]);
const DECIMAL = /^-?\d+(\.\d+)?$/;

function accessDenied(field: string): Answer {
  return {
    errors: [
      {
        message: `Access denied for ${field} field. Required access: API client to have access to the namespace and the resource type associated with the metafield owner type.`,
        extensions: { code: 'ACCESS_DENIED', documentation: 'https://shopify.dev/api/usage/access-scopes' },
        path: [field],
      },
    ],
    data: { [field]: null },
  };
}

/** Why a value does not fit its type, or null when it does. */
function valueProblem(type: string, value: string): string | null {
  if (type === 'number_integer') {
    return /^-?\d+$/.test(value) && Math.abs(Number(value)) <= 9_007_199_254_740_991
      ? null
      : 'Value must be an integer.';
  }
  if (type === 'number_decimal') return DECIMAL.test(value) ? null : 'Value must be a decimal.';
  if (type === 'boolean') return value === 'true' || value === 'false' ? null : 'Value must be true or false.';
  if (type === 'url') return /^https?:\/\/\S+$/.test(value) ? null : 'Value must be an http or https URL.';
  if (type === 'json') {
    try {
      JSON.parse(value);
      return null;
    } catch {
      return 'Value is invalid JSON.';
    }
  }
  if (type === 'rating') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(value);
    } catch {
      return 'Value is invalid JSON.';
    }
    const rating = parsed as Record<string, unknown>;
    const parts = [rating?.value, rating?.scale_min, rating?.scale_max];
    if (!parts.every((part) => typeof part === 'string' && DECIMAL.test(part))) {
      return 'Value must be an object with decimal strings value, scale_min and scale_max.';
    }
    const [given, min, max] = parts.map(Number);
    if (!(min < max)) return 'Scale min must be less than scale max.';
    if (given < min || given > max) return `Value must be between ${rating.scale_min} and ${rating.scale_max}.`;
    return null;
  }
  return value.length > 0 ? null : "Value can't be blank.";
}

/** The owner a gid names in this shop: 'installation', 'product', or null when it names nothing here. */
function ownerOf(state: ShopState, ownerId: string): 'installation' | 'product' | null {
  if (ownerId === state.installationId) return 'installation';
  const match = GID.exec(ownerId);
  if (match?.[1] === 'Product' && state.products.some((product) => product.id === match[2])) return 'product';
  return null;
}

function inputsOf(variables: Variables): Array<Record<string, unknown>> | Answer {
  const inputs = variables.metafields;
  if (!Array.isArray(inputs)) {
    return { errors: [{ message: 'Variable $metafields of type [MetafieldsSetInput!]! was provided invalid value' }] };
  }
  if (inputs.length > MAX_INPUTS) {
    return {
      errors: [
        {
          message: `The input array size of ${inputs.length} is greater than the maximum allowed of ${MAX_INPUTS}.`,
          extensions: { code: 'MAX_INPUT_SIZE_EXCEEDED' },
          path: ['metafields'],
        },
      ],
    };
  }
  const badGid = inputs.find((input) => typeof input?.ownerId !== 'string' || !GID.test(input.ownerId));
  if (badGid) return { errors: [{ message: `Invalid global id '${String(badGid?.ownerId)}'` }] };
  return inputs as Array<Record<string, unknown>>;
}

export const metafieldOperations: Record<
  string,
  (state: ShopState, variables: Variables, context: OperationContext) => Answer
> = {
  MetafieldsSet: (state, variables, context) => metafieldsSet(state, variables, context),
  RatingsSet: (state, variables, context) => metafieldsSet(state, variables, context),
  /** `nodes(ids:)` of products with their two rating metafields; an id of nothing here answers null. */
  RatingsRead: (state, { ids }) => {
    if (!state.scopes.includes('read_products') && !state.scopes.includes(PRODUCT_SCOPE)) return accessDenied('nodes');
    if (!Array.isArray(ids) || ids.length > 250) {
      return { errors: [{ message: 'Variable $ids must be a list of at most 250 IDs' }] };
    }
    const bad = ids.find((id) => typeof id !== 'string' || !GID.test(id));
    if (bad !== undefined) return { errors: [{ message: `Invalid global id '${String(bad)}'` }] };
    const value = (ownerId: string, key: string) => {
      const found = state.metafields.find((m) => m.ownerId === ownerId && m.namespace === 'reviews' && m.key === key);
      return found ? { value: found.value } : null;
    };
    const nodes = (ids as string[]).map((id) =>
      ownerOf(state, id) === 'product'
        ? { id, rating: value(id, 'rating'), ratingCount: value(id, 'rating_count') }
        : null,
    );
    return { cost: 1 + ids.length, data: { nodes } };
  },
  RatingsDelete: (state, variables) => {
    const inputs = inputsOf(variables);
    if (!Array.isArray(inputs)) return inputs;
    if (inputs.some((input) => ownerOf(state, String(input.ownerId)) !== 'installation')) {
      if (!state.scopes.includes(PRODUCT_SCOPE)) return accessDenied('metafieldsDelete');
    }
    const deletedMetafields = inputs.map(({ ownerId, namespace, key }) => {
      const index = state.metafields.findIndex(
        (m) => m.ownerId === ownerId && m.namespace === namespace && m.key === key,
      );
      if (index === -1) return null;
      state.metafields.splice(index, 1);
      return { ownerId, namespace, key };
    });
    return { cost: 10, data: { metafieldsDelete: { deletedMetafields, userErrors: [] } } };
  },
  RatingDefinitionEnable: (state, { ownerType, namespace, key, pin }, { gid }) => {
    if (ownerType === 'PRODUCT' && !state.scopes.includes(PRODUCT_SCOPE)) {
      return accessDenied('standardMetafieldDefinitionEnable');
    }
    const template = TEMPLATES.find((t) => t.ownerType === ownerType && t.namespace === namespace && t.key === key);
    const fail = (message: string, code: string) => ({
      cost: 10,
      data: {
        standardMetafieldDefinitionEnable: { createdDefinition: null, userErrors: [{ field: null, message, code }] },
      },
    });
    if (!template)
      return fail(
        'A standard definition wasn’t found for the specified owner type, namespace, and key.',
        'TEMPLATE_NOT_FOUND',
      );
    const known = state.definitions.some(
      (d) => d.ownerType === ownerType && d.namespace === namespace && d.key === key,
    );
    if (known) return fail("Key is in use for Product metafields on the 'reviews' namespace.", 'TAKEN');
    const created = { id: gid('MetafieldDefinition'), ...template, pinned: pin === true };
    state.definitions.push(created);
    return {
      cost: 10,
      data: { standardMetafieldDefinitionEnable: { createdDefinition: { id: created.id }, userErrors: [] } },
    };
  },
};

function metafieldsSet(state: ShopState, variables: Variables, { gid }: OperationContext): Answer {
  const inputs = inputsOf(variables);
  if (!Array.isArray(inputs)) return inputs;
  const owners = inputs.map((input) => ownerOf(state, String(input.ownerId)));
  if (owners.includes('product') && !state.scopes.includes(PRODUCT_SCOPE)) return accessDenied('metafieldsSet');
  const userErrors: UserError[] = [];
  inputs.forEach((input, i) => {
    const at = (name: string) => ['metafields', String(i), name];
    if (owners[i] === null) userErrors.push({ field: at('ownerId'), message: 'Owner does not exist', code: 'INVALID' });
    for (const name of ['namespace', 'key', 'type', 'value']) {
      if (typeof input[name] !== 'string' || input[name] === '') {
        userErrors.push({ field: at(name), message: `${name} can't be blank`, code: 'BLANK' });
      }
    }
    const type = String(input.type ?? '');
    if (type && !TYPES.has(type)) {
      userErrors.push({ field: at('type'), message: 'Type is not a valid metafield type', code: 'INVALID_TYPE' });
      return;
    }
    const definition = state.definitions.find((d) => d.namespace === input.namespace && d.key === input.key);
    if (definition && owners[i] === 'product' && definition.type !== type) {
      userErrors.push({
        field: at('type'),
        message: `Type must be '${definition.type}' as the definition says.`,
        code: 'INVALID_TYPE',
      });
      return;
    }
    const problem = type && typeof input.value === 'string' ? valueProblem(type, input.value) : null;
    if (problem) userErrors.push({ field: at('value'), message: problem, code: 'INVALID_VALUE' });
  });
  // All or nothing, as Shopify does.
  if (userErrors.length > 0) return { cost: 10, data: { metafieldsSet: { metafields: [], userErrors } } };
  const saved = inputs.map((input) => {
    const fields = {
      ownerId: String(input.ownerId),
      namespace: String(input.namespace),
      key: String(input.key),
      type: String(input.type),
      value: String(input.value),
    };
    const existing = state.metafields.find(
      (m) => m.ownerId === fields.ownerId && m.namespace === fields.namespace && m.key === fields.key,
    );
    if (existing) return Object.assign(existing, fields);
    const created = { id: gid('Metafield'), ...fields };
    state.metafields.push(created);
    return created;
  });
  const answered = saved.map(({ id, key, namespace, value }) => ({ id, key, namespace, value }));
  return { cost: 10, data: { metafieldsSet: { metafields: answered, userErrors: [] } } };
}
