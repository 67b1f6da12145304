// Package oasimpl is for code that oasgen generates, and for nothing else:
// the JSON engine its codecs drive (Reader and Writer, which read and
// write JSON token by token in one pass with no reflection; Tokens, for
// encoding/json/v2's encoder; the pools and size hints of the owned doors;
// the streaming of arrays, JSON Lines and JSON text sequences), the
// helpers its Validate methods call (the errors of missing properties,
// enums and unions, the checks of schema keywords and string formats, the
// whole-value checks of free-form JSON) and the version check of the
// generated-code contract. A hand-written DecodeJSON or EncodeJSON may use
// the Reader and Writer too, under the same terms.
//
// Nothing here is covered by a compatibility promise beyond that contract:
// a name may change or go whenever Version changes, and generated code
// compiled against another contract fails to compile rather than
// misbehave. Write code against oasrt (the values of models, Marshal and
// Unmarshal, Error) and oasrt/oashttp (server and client options,
// Problem, middleware) instead.
//
// Like oasrt, it does not import net/http, so a package of models alone
// does not link it.
package oasimpl

// Version is the version of the generated-code contract this runtime
// implements. A generator bumps it when generated code starts to depend on
// something new in the runtime. Contract 5 added the depth count of
// recursive types' encoders (Writer.Enter and Leave, Tokens.Enter and
// Leave) and the Tokens that EncodeTokens methods write to; contract 6
// moved the JSON engine (Reader, Writer, Tokens, the stream and sequence
// helpers, Kind, OtherKind) from oasrt to this package; contract 7 moved
// the engine of servers, clients and validators from oasrt/oashttp to
// oasrt/oashttp/oashttpimpl.
const Version = 7

// EnforceVersion is referenced by generated code as
// oasimpl.EnforceVersion(GenVersion - oasimpl.MinVersion) and
// oasimpl.EnforceVersion(oasimpl.Version - GenVersion): the constant
// expressions underflow, and so fail to compile, when the generated code is
// newer than this runtime or older than it supports.
type EnforceVersion uint

// MinVersion is the oldest generated-code contract this runtime still
// supports: generated code of contract 6 or older names the engine in
// oasrt or oasrt/oashttp, where it no longer is.
const MinVersion = 7
