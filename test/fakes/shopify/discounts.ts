import type { Answer, OperationContext, ShopState } from './graphql.js';

// Amount-off code discounts (discountCodeBasicCreate), as review incentives create them.

export interface FakeDiscount {
  id: string;
  title: string;
  code: string;
  startsAt: string;
  endsAt: string | null;
  usageLimit: number | null;
  appliesOncePerCustomer: boolean;
  /** `{ percentage: 0.1 }` or `{ discountAmount: { amount: '5.00', appliesOnEachItem: false } }`. */
  value: Record<string, unknown>;
}

type UserError = { field: string[]; message: string; code: string };

function discountValue(input: Record<string, unknown>): Record<string, unknown> | string {
  const gets = input.customerGets as { value?: Record<string, unknown>; items?: { all?: unknown } } | undefined;
  const value = gets?.value;
  if (!value || gets?.items?.all !== true) return 'Customer gets value and items are required';
  if ('percentage' in value) {
    const percentage = value.percentage;
    return typeof percentage === 'number' && percentage > 0 && percentage <= 1
      ? { percentage }
      : 'Value must be between 0.0 and 1.0';
  }
  const amount = (value.discountAmount as { amount?: unknown } | undefined)?.amount;
  return typeof amount === 'string' && /^\d+(\.\d+)?$/.test(amount) && Number(amount) > 0
    ? { discountAmount: value.discountAmount }
    : 'Value must be greater than 0';
}

export const discountOperations: Record<
  string,
  (state: ShopState, variables: Record<string, unknown>, context: OperationContext) => Answer
> = {
  DiscountCodeBasicCreate: (state, { discount }, { gid }) => {
    if (!state.scopes.includes('write_discounts')) {
      return {
        errors: [
          {
            message:
              'Access denied for discountCodeBasicCreate field. Required access: `write_discounts` access scope.',
          },
        ],
      };
    }
    const input = (discount ?? {}) as Record<string, unknown>;
    const userErrors: UserError[] = [];
    const code = typeof input.code === 'string' ? input.code.trim() : '';
    if (!code) userErrors.push({ field: ['basicCodeDiscount', 'code'], message: "Code can't be blank", code: 'BLANK' });
    else if (state.discounts.some((known) => known.code.toLowerCase() === code.toLowerCase())) {
      userErrors.push({ field: ['basicCodeDiscount', 'code'], message: 'Code must be unique', code: 'TAKEN' });
    }
    if (typeof input.title !== 'string' || !input.title) {
      userErrors.push({ field: ['basicCodeDiscount', 'title'], message: "Title can't be blank", code: 'BLANK' });
    }
    if (!input.context && !input.customerSelection) {
      userErrors.push({ field: ['basicCodeDiscount', 'context'], message: 'Context is required', code: 'BLANK' });
    }
    const value = discountValue(input);
    if (typeof value === 'string') {
      userErrors.push({ field: ['basicCodeDiscount', 'customerGets'], message: value, code: 'INVALID' });
    }
    if (typeof input.startsAt !== 'string' || Number.isNaN(Date.parse(input.startsAt))) {
      userErrors.push({ field: ['basicCodeDiscount', 'startsAt'], message: 'Starts at is invalid', code: 'INVALID' });
    }
    if (userErrors.length || typeof value === 'string') {
      return { cost: 10, data: { discountCodeBasicCreate: { codeDiscountNode: null, userErrors } } };
    }
    const created: FakeDiscount = {
      id: gid('DiscountCodeNode'),
      title: input.title as string,
      code,
      startsAt: input.startsAt as string,
      endsAt: typeof input.endsAt === 'string' ? input.endsAt : null,
      usageLimit: typeof input.usageLimit === 'number' ? input.usageLimit : null,
      appliesOncePerCustomer: input.appliesOncePerCustomer === true,
      value,
    };
    state.discounts.push(created);
    return { cost: 10, data: { discountCodeBasicCreate: { codeDiscountNode: { id: created.id }, userErrors: [] } } };
  },
};
