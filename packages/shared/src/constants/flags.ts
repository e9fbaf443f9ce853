/**
 * The status-named columns of the schema that are not state machines (ARCHITECTURE § Style: each status field has a
 * transition table, rules/machine.ts, or is one of these): on/off switches either value of which may be set at any
 * time by whoever may change it, marks that one transition of a table sets, and values derived from other rows.
 * The machine test holds both ways: every status column of a `*.tables.ts` has a machine or an entry here, and every
 * entry here is such a column.
 * @internal read only by that test: this list is the documentation it holds to the schema
 */
export const STATUS_FLAGS: Readonly<Record<string, string>> = {
  'users.status': 'on/off: a disabled account (0) cannot log in',
  'users.nick_name_status': 'mark: the nick name was changed (1), once',
  'company_members.status': 'on/off: the main account switches a sub-user',
  'cs_staff.status': 'on/off: a customer-service person takes conversations',
  'notices.status': 'on/off: published (1) or withdrawn',
  'coin_package.status': 'on/off: a coin package on sale',
  'rental_orders.provider_status':
    "mark: the provider's answer, set by ORDER_MACHINE's confirm / return (its providerPending guard)",
  'order_contracts.provider_status': "mark: signed by the provider, set by CONTRACT_MACHINE's sign",
  'biddings.order_status': "mark: the project's draft orders exist, set by BIDDING_MACHINE's create_order",
  'bidding_lines.select_state': "derived: from the line's allocations (any provider chosen, or a selection cancelled)",
  'equipment_listings.state':
    'mark: to rent / rented out, set with has_lease by the rental chain (the listing tables read it as `idle`)',
  'audit_events.from_status': 'the trail: a copy of the status a change left',
  'audit_events.to_status': 'the trail: a copy of the status a change reached',
  'order_reviews.status':
    "mark: hidden (1) by staff with a reason, once (the console's hide); publication is publish_at",
  'pay_order.state': 'the payment channel order: WAITING → SUCCESS | CLOSED, compare-and-set in the payment module',
};

/** The nick name may still be changed: it is changed once (users.nick_name_status 0 → 1). */
export const mayChangeNickName = (p: { nick_name_status: number }) => p.nick_name_status === 0;

/** An on/off switch (STATUS_FLAGS): 1 on, 0 off. */
export const ON_OFF = { off: 0, on: 1 } as const;
/** The switch is on: a sub-user enabled, a notice published, a package on sale, a person taking conversations. */
export const isOn = (r: { status: number }) => r.status === ON_OFF.on;
