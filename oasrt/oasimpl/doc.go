// Package oasimpl is for code that oasgen generates, and for nothing else:
// the helpers its JSON codecs and Validate methods call (the errors of
// missing properties, enums and unions, the checks of schema keywords and
// string formats, the whole-value checks of free-form JSON) and the
// version check of the generated-code contract.
//
// Nothing here is covered by a compatibility promise beyond that contract:
// a name may change or go whenever Version changes, and generated code
// compiled against another contract fails to compile rather than
// misbehave. Write code against oasrt (the values of models, Marshal and
// Unmarshal, Reader and Writer, Error) and oasrt/oashttp (server and
// client options, Problem, middleware) instead.
//
// Like oasrt, it does not import net/http, so a package of models alone
// does not link it.
package oasimpl

// Version is the version of the generated-code contract this runtime
// implements. A generator bumps it when generated code starts to depend on
// something new in the runtime. Contract 5 added the depth count of
// recursive types' encoders (Writer.Enter and Leave, Tokens.Enter and
// Leave) and the Tokens that EncodeTokens methods write to.
const Version = 5

// EnforceVersion is referenced by generated code as
// oasimpl.EnforceVersion(GenVersion - oasimpl.MinVersion) and
// oasimpl.EnforceVersion(oasimpl.Version - GenVersion): the constant
// expressions underflow, and so fail to compile, when the generated code is
// newer than this runtime or older than it supports.
type EnforceVersion uint

// MinVersion is the oldest generated-code contract this runtime still
// supports. Contract 4 moved the names only generated code calls out of
// oasrt and oasrt/oashttp into oasrt/oasimpl and oasrt/oashttp/oashttpimpl,
// where older generated code does not look for them.
const MinVersion = 4
