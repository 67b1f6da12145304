// Package oasrt is the runtime of the models oasgen generates: with
// oasrt/oashttp, which serves and calls them over HTTP, the only packages
// besides the standard library that generated code imports. It does not
// import net/http, so a package of models alone does not link it.
//
// It holds the JSON Reader and Writer that generated codecs drive token by
// token (no reflection, one pass), the wrappers that tell an absent or null
// property from a present one without a heap allocation (Opt, Nullable,
// OptNullable), the format types (Date, UUID) and checks (ValidEmail,
// ValidHostname, ValidURI), and Error, which names the JSON path and byte
// offset of a bad value.
//
// Generated code calls EnforceVersion so that a runtime older than the
// generator that wrote the code fails to compile rather than misbehave.
package oasrt

// Version is the version of the generated-code contract this runtime
// implements. A generator bumps it when generated code starts to depend on
// something new in this package.
const Version = 3

// EnforceVersion is referenced by generated code as
// oasrt.EnforceVersion(GenVersion - oasrt.MinVersion): the constant
// expression underflows, and so fails to compile, when the generated code is
// newer than this runtime supports.
type EnforceVersion uint

// MinVersion is the oldest generated-code contract this runtime still
// supports. Contract 3 moved the server and client runtime into
// oasrt/oashttp, where older generated code does not look for it.
const MinVersion = 3
