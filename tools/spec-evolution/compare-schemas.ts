// Compares what two schemas accept (through `shape.ts`), in the direction they are used: a request
// schema that accepts less, or a response schema that may hold more, is a breaking change.
import type { JsonSchema } from '../../packages/openapi/dist/reader.js';
import { type Context, type Direction, type Drift, emit, emitHarmless } from './impact.ts';
import { covers, LOWER_BOUNDS, OPAQUE_KEYWORDS, shapeOf, UPPER_BOUNDS, type Variant, variantFor } from './shape.ts';

const show = (value: unknown): string => JSON.stringify(value);
const fieldPath = (base: string, name: string): string => (base ? `${base}.${name}` : name);
const at = (where: string, path: string): string => (path ? `${where}: ${path}` : where);

export interface SchemaWalk {
  ctx: Context;
  direction: Direction;
  where: string;
  /** `$ref` pairs on the way down (a recursive schema is compared once). */
  refs: Set<string>;
}

function compareConstraints(walk: SchemaWalk, path: string, before: Variant, after: Variant): void {
  const here = at(walk.where, path);
  for (const key of LOWER_BOUNDS) {
    const [a, b] = [before.constraints[key] as number | undefined, after.constraints[key] as number | undefined];
    if (a === b) continue;
    const drift: Drift = a === undefined ? 'narrowed' : b === undefined || b < a ? 'widened' : 'narrowed';
    emit(walk.ctx, walk.direction, drift, here, `${key} ${a ?? 'unset'} → ${b ?? 'unset'}`);
  }
  for (const key of UPPER_BOUNDS) {
    const [a, b] = [before.constraints[key] as number | undefined, after.constraints[key] as number | undefined];
    if (a === b) continue;
    const drift: Drift = a === undefined ? 'narrowed' : b === undefined || b > a ? 'widened' : 'narrowed';
    emit(walk.ctx, walk.direction, drift, here, `${key} ${a ?? 'unset'} → ${b ?? 'unset'}`);
  }
  for (const key of OPAQUE_KEYWORDS) {
    const [a, b] = [before.constraints[key], after.constraints[key]];
    if (a === b) continue;
    const drift: Drift = a === undefined ? 'narrowed' : b === undefined ? 'widened' : 'changed';
    emit(walk.ctx, walk.direction, drift, here, `${key} ${a === undefined ? 'unset' : show(a)} → ${b === undefined ? 'unset' : show(b)}`);
  }
}

function compareValues(walk: SchemaWalk, path: string, before: Variant, after: Variant): void {
  const here = at(walk.where, path);
  const had = new Set((before.values ?? []).map(show));
  const has = new Set((after.values ?? []).map(show));
  const removed = [...had].filter((v) => !has.has(v));
  const added = [...has].filter((v) => !had.has(v));
  if (before.open && !after.open) {
    emit(walk.ctx, walk.direction, 'narrowed', here, `enum closed: only ${[...has].join(', ')} accepted`);
  } else if (!before.open && after.open) {
    emit(walk.ctx, walk.direction, 'widened', here, 'enum opened: any value of its type is accepted');
  }
  // An enum dropped for its whole type (`const: 429` became `type: integer`): "enum opened" says it all.
  if (!before.open && after.open && after.values === undefined) return;
  for (const value of removed) {
    // A value dropped from an open enum is still accepted (by the open branch): only the list of known values changes.
    if (after.open)
      emitHarmless(walk.ctx, here, `value ${value} no longer listed (still accepted: the enum is open)`, 'the same values are accepted');
    else emit(walk.ctx, walk.direction, 'narrowed', here, `value ${value} removed from the enum`);
  }
  for (const value of added) {
    if (before.open)
      emitHarmless(walk.ctx, here, `value ${value} added to an open enum`, 'the enum was open: any value of its type was already accepted');
    else emit(walk.ctx, walk.direction, 'widened', here, `value ${value} added to the enum`);
  }
}

function compareObjects(walk: SchemaWalk, path: string, before: Variant, after: Variant): void {
  const { ctx, direction } = walk;
  for (const [name, schema] of Object.entries(before.properties)) {
    const field = fieldPath(path, name);
    const next = after.properties[name];
    if (next === undefined) {
      if (direction === 'request')
        emit(ctx, direction, 'narrowed', at(walk.where, field), 'field removed', 'a request that sends it was valid and is no longer');
      else
        emit(
          ctx,
          direction,
          'widened',
          at(walk.where, field),
          'field removed',
          'readers of the released version lose a field they may read',
        );
      continue;
    }
    const wasRequired = before.required.has(name);
    const isRequired = after.required.has(name);
    if (!wasRequired && isRequired) emit(ctx, direction, 'narrowed', at(walk.where, field), 'field made required');
    if (wasRequired && !isRequired)
      emit(
        ctx,
        direction,
        'widened',
        at(walk.where, field),
        'field made optional',
        direction === 'response' ? 'readers of the released version count on it being present' : undefined,
      );
    compareSchemas(walk, field, schema, next);
  }
  for (const name of Object.keys(after.properties)) {
    if (name in before.properties) continue;
    const field = at(walk.where, fieldPath(path, name));
    if (direction === 'request' && after.required.has(name)) emit(ctx, direction, 'narrowed', field, 'required field added');
    else if (direction === 'request') emit(ctx, direction, 'widened', field, 'optional field added');
    else emit(ctx, direction, 'narrowed', field, 'field added', 'readers of the released version ignore it');
  }
  for (const name of after.required) {
    if (!(name in after.properties) && !before.required.has(name))
      emit(ctx, direction, 'narrowed', at(walk.where, fieldPath(path, name)), 'field made required');
  }
  if (before.additional !== false && after.additional === false)
    emit(ctx, direction, 'narrowed', at(walk.where, path), 'unknown fields no longer allowed');
  else if (before.additional === false && after.additional !== false)
    emit(ctx, direction, 'widened', at(walk.where, path), 'unknown fields now allowed');
  else if (typeof before.additional === 'object' && typeof after.additional === 'object') {
    compareSchemas(walk, `${path}{*}`, before.additional, after.additional);
  }
}

/** Compares what two schemas accept, emitting one change per difference. */
export function compareSchemas(walk: SchemaWalk, path: string, before: JsonSchema | undefined, after: JsonSchema | undefined): void {
  if (before === after && walk.ctx.before === walk.ctx.after) return;
  const refA = (before as { $ref?: string } | undefined)?.$ref;
  const refB = (after as { $ref?: string } | undefined)?.$ref;
  const pair = refA && refB ? `${refA} ${refB}` : undefined;
  if (pair && walk.refs.has(pair)) return;
  if (pair) walk.refs.add(pair);
  try {
    const a = shapeOf(before, walk.ctx.before);
    const b = shapeOf(after, walk.ctx.after);
    const here = at(walk.where, path);
    for (const [type, variant] of a) {
      if (!covers(b, type)) {
        emit(walk.ctx, walk.direction, 'narrowed', here, `type ${type} no longer accepted`);
        continue;
      }
      const next = variantFor(b, type)!;
      if (next.type === 'any' && type !== 'any') {
        emit(walk.ctx, walk.direction, 'widened', here, `type ${type} widened to any value`);
        continue;
      }
      compareValues(walk, path, variant, next);
      compareConstraints(walk, path, variant, next);
      if (type === 'object') compareObjects(walk, path, variant, next);
      if (type === 'array' && (variant.items || next.items)) compareSchemas(walk, `${path}[]`, variant.items, next.items);
    }
    for (const type of b.keys()) {
      if (covers(a, type)) continue;
      if (type === 'null')
        emit(
          walk.ctx,
          walk.direction,
          'widened',
          here,
          'made nullable',
          walk.direction === 'response' ? 'readers of the released version do not expect null' : undefined,
        );
      else emit(walk.ctx, walk.direction, 'widened', here, `type ${type} now accepted`);
    }
  } finally {
    if (pair) walk.refs.delete(pair);
  }
}
