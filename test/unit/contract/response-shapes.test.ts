import { describe, expect, it } from 'vitest';
import { contract } from '../../../shared/api';
import { routes } from '../../../shared/api/routes';

/**
 * The structure of every route's answer (keys, nesting, nullability, enum values, defaults), pinned as a
 * snapshot: the web app reads these answers by their types alone (docs/DECISIONS.md "Web"), so a key
 * dropped or renamed in a response schema is a broken screen, not a compile error. The requests' params,
 * query and body likewise: a field the API stops reading is a save that silently loses it. Changing the
 * contract on purpose means updating the snapshot in the same change (`vitest -u`), where review sees it.
 */
interface Def {
  type: string;
  shape?: Record<string, { _zod: { def: Def } }>;
  element?: { _zod: { def: Def } };
  innerType?: { _zod: { def: Def } };
  in?: { _zod: { def: Def } };
  options?: { _zod: { def: Def } }[];
  entries?: Record<string, string>;
  values?: unknown[];
  keyType?: { _zod: { def: Def } };
  valueType?: { _zod: { def: Def } };
  defaultValue?: unknown;
}

function shapeOf(schema: { _zod: { def: Def } }): unknown {
  const def = schema._zod.def;
  switch (def.type) {
    case 'object':
      return Object.fromEntries(Object.entries(def.shape ?? {}).map(([key, field]) => [key, shapeOf(field)]));
    case 'array':
      return [shapeOf(def.element!)];
    case 'nullable':
      return { nullable: shapeOf(def.innerType!) };
    case 'optional':
      return { optional: shapeOf(def.innerType!) };
    case 'default':
      return { default: typeof def.defaultValue === 'function' ? (def.defaultValue as () => unknown)() : def.defaultValue, of: shapeOf(def.innerType!) };
    case 'pipe':
      return shapeOf(def.in!);
    case 'union':
      return { oneOf: def.options!.map(shapeOf) };
    case 'enum':
      return { enum: Object.values(def.entries ?? {}) };
    case 'literal':
      return { literal: def.values };
    case 'record':
      return { record: shapeOf(def.valueType!) };
    default:
      return def.type;
  }
}

describe('the answers of every route', () => {
  it('keep their structure', () => {
    const shapes = Object.fromEntries(routes.map((route) => [route.id, shapeOf(contract[route.id].response as never)]));
    expect(shapes).toMatchSnapshot();
  });
});

describe('the requests of every route', () => {
  it('keep their structure: params, query and body', () => {
    const shapes = Object.fromEntries(
      routes.map((route) => {
        const endpoint = contract[route.id];
        return [route.id, { params: shapeOf(endpoint.params as never), query: shapeOf(endpoint.query as never), body: shapeOf(endpoint.body as never) }];
      }),
    );
    expect(shapes).toMatchSnapshot();
  });
});
