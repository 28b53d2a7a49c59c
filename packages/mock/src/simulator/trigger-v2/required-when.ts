// The fields an order type requires beyond the always-required ones: the spec's `x-required-when`
// of a request (the lists generated from it), looked up the same way for a create and a deposit craft.

/** The first field `byOrderType` requires for `orderType` that `body` lacks; an order type not named requires none. */
export function missingFieldOf(
  byOrderType: Readonly<Record<string, readonly string[]>>,
  orderType: string,
  body: object,
): string | undefined {
  // Own keys only: an open order type such as `toString` names no list.
  const fields = Object.hasOwn(byOrderType, orderType) ? (byOrderType[orderType] ?? []) : [];
  return fields.find((field) => (body as Record<string, unknown>)[field] === undefined);
}
