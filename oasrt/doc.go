// Package oasrt is what code written against oasgen's models uses: the
// values of models, their JSON, and the errors decoding reports. It does not
// import net/http, so a package of models alone does not link it; its HTTP
// half is oasrt/oashttp.
//
// It holds the wrappers that tell an absent or null property from a present
// one without a heap allocation (Opt, Nullable, OptNullable), the format
// types (Date, UUID, Decimal), free-form JSON (Raw), Marshal and Unmarshal,
// the limits decoding and encoding keep to, and Error, which names the
// JSON path and byte offset of a bad value.
//
// The JSON engine generated codecs drive (the Reader and Writer, token by
// token, no reflection, one pass) lives in oasrt/oasimpl with everything
// else only generated code calls, behind the version check of the
// generated-code contract; nothing there is promised to users.
package oasrt
