import { type JsonSchema, toJsonSchema } from '@valibot/to-json-schema'
import type { GenericSchema } from 'valibot'
import * as v from 'valibot'

/**
 * What a client sends for each field of a request schema (query or body, docs/writes.md, docs/lists.md), read from
 * the same valibot schemas that validate requests. The field builders of `core/resources/fields.ts` accept several
 * input types and transform them (`"yes"` → true, `"1,2"` → [1, 2]); a plain conversion of their input side would
 * document `string | number | boolean` everywhere. So a field's `metadata({ type, items })` hint, when it has one,
 * gives the documented type, and `@valibot/to-json-schema` converts the input side of the fields without one.
 */

/** One request field as the root route and the OpenAPI document describe it. */
export interface FieldDoc {
  name: string
  /** JSON Schema of the value a client sends. */
  schema: JsonSchema
  description: string
  /** True when the create route refuses a body without it. */
  requiredOnCreate: boolean
  default?: unknown
}

type TypeName = NonNullable<Extract<JsonSchema['type'], string>>

/** The parts of a valibot schema or action this module reads; valibot's own types are per-kind. */
interface Node {
  kind: string
  type: string
  pipe?: Node[]
  wrapped?: Node
  options?: unknown[]
  description?: string
  metadata?: { type?: TypeName; items?: TypeName }
  requirement?: unknown
  entries?: Record<string, GenericSchema>
}

/**
 * Core marks the fields a create needs in their description ("…; required on create"): the schemas keep them
 * optional because updates share them, and the create handlers check them (docs/writes.md).
 */
const REQUIRED_ON_CREATE = /required on create/iu

const WRAPPERS = new Set(['optional', 'exact_optional', 'undefinedable', 'nullish'])

/** Every field of an object schema, in its order. */
export function objectFields(schema: GenericSchema): FieldDoc[] {
  const entries = (schema as unknown as Node).entries ?? {}
  return Object.entries(entries).map(([name, entry]) => fieldDoc(name, entry))
}

/** One field: its documented JSON Schema, description, default, and whether a create needs it. */
function fieldDoc(name: string, entry: GenericSchema): FieldDoc {
  const node = entry as unknown as Node
  const inner = WRAPPERS.has(node.type) && node.wrapped ? node.wrapped : node
  const steps = flatten(inner)
  const description = lastOf(steps, 'description')?.description ?? name
  const schema = documentedType(inner, steps)
  const fallback = WRAPPERS.has(node.type) ? v.getDefault(entry as v.OptionalSchema<GenericSchema, unknown>) : undefined
  return {
    name,
    schema: {
      ...schema,
      description,
      ...(fallback === undefined ? {} : { default: fallback as JsonSchema['default'] }),
    },
    description,
    requiredOnCreate: REQUIRED_ON_CREATE.test(description),
    ...(fallback === undefined ? {} : { default: fallback }),
  }
}

/** A pipe's schemas and actions in order, nested pipes (`v.pipe(textField(…), v.picklist(…))`) spread out. */
function flatten(node: Node): Node[] {
  return node.pipe ? node.pipe.flatMap((step) => (step.pipe ? flatten(step) : [step])) : [node]
}

/** The last step of a type: a later description or hint overrides an earlier one, as valibot's own readers do. */
function lastOf(steps: Node[], type: string, test: (step: Node) => boolean = () => true): Node | undefined {
  return [...steps].reverse().find((step) => step.type === type && test(step))
}

/**
 * The type hint if the field has one (plus the picklist and lower bound it checks), else the input side of the
 * schema: conversion stops before the first transformation, where a field's input type ends.
 */
function documentedType(inner: Node, steps: Node[]): JsonSchema {
  const hint = lastOf(steps, 'metadata', (step) => step.metadata?.type !== undefined)?.metadata
  if (!hint?.type) {
    const {
      $schema: _drop,
      description: _described,
      ...converted
    } = toJsonSchema(inner as unknown as GenericSchema, { target: 'draft-2020-12', typeMode: 'input' })
    return converted
  }
  const schema: JsonSchema = { type: hint.type }
  if (hint.items) schema.items = { type: hint.items }
  const picklist = lastOf(steps, 'picklist')?.options
  if (picklist) schema.enum = picklist as string[]
  const minimum = lastOf(steps, 'min_value')?.requirement
  if (typeof minimum === 'number') schema.minimum = minimum
  return schema
}
