// Package oasrt is what code written against oasgen's models uses: the
// values of models, their JSON, and the errors decoding reports. It does not
// import net/http, so a package of models alone does not link it; its HTTP
// half is oasrt/oashttp.
//
// It holds the wrappers that tell an absent or null property from a present
// one without a heap allocation (Opt, Nullable, OptNullable), the format
// types (Date, UUID, Decimal), Marshal and Unmarshal, the JSON Reader and
// Writer that generated codecs drive token by token (no reflection, one
// pass; a hand-written DecodeJSON or EncodeJSON uses them too), and Error,
// which names the JSON path and byte offset of a bad value.
//
// The helpers only generated code calls live in oasrt/oasimpl, with the
// version check of the generated-code contract. Reader and Writer keep the
// token-level methods generated code calls (ObjStart, ObjKey, Pin, Stream
// and the like) as methods, because they work on the Reader's or Writer's
// unexported state and inline into generated codecs; their documentation
// says which are meant for generated code.
package oasrt
