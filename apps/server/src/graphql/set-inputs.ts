import { builder } from './builder';

/** The original's "set form" update inputs: `{ name: { set: "New name" } }`. */
export const StringSet = builder.inputType('StringFieldUpdateOperationsInput', {
  fields: (t) => ({ set: t.string() }),
});

export const NullableStringSet = builder.inputType('NullableStringFieldUpdateOperationsInput', {
  fields: (t) => ({ set: t.string() }),
});

export const FloatSet = builder.inputType('FloatFieldUpdateOperationsInput', {
  fields: (t) => ({ set: t.float() }),
});

export const BoolSet = builder.inputType('BoolFieldUpdateOperationsInput', {
  fields: (t) => ({ set: t.boolean() }),
});

export const NullableIntSet = builder.inputType('NullableIntFieldUpdateOperationsInput', {
  fields: (t) => ({ set: t.int() }),
});

export const StringListSet = builder.inputType('StringListFieldUpdateOperationsInput', {
  fields: (t) => ({ set: t.stringList() }),
});
