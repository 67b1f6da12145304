package build

// A warnClass is a kind of warning: what generate's summary counts
// together, and what to do about it (ir.Diagnostic.Class and Advice).
// Every warning has one, so no summary line is without advice.
type warnClass struct {
	name, advice string
}

// The classes of the warnings about what is generated but not checked,
// or not as the spec says.
var (
	classDefault      = &warnClass{"default", "make the default a value of its schema, or drop it"}
	classGoName       = &warnClass{"x-go-name", "give each schema an x-go-name no other type has"}
	classNot          = &warnClass{"not", "values `not` rules out are accepted: check them in your code if it matters"}
	classRefCycle     = &warnClass{"$ref cycle", "break the cycle with a schema that holds something of its own"}
	classAllOf        = &warnClass{"allOf", "make allOf's members agree (one type, one definition of each property)"}
	classPattern      = &warnClass{"pattern", "rewrite the pattern in RE2's syntax (no lookaround, no backreferences)"}
	classRequired     = &warnClass{"required", "define each required property under properties, or drop it from required"}
	classEnum         = &warnClass{"enum", "make each enum value a value of the schema's type and format"}
	classBesideRef    = &warnClass{"beside $ref", "move the keywords into the referenced schema, or put both in an allOf"}
	classTypes        = &warnClass{"several types", "use one type, or a oneOf of schemas of one type each"}
	classPathParam    = &warnClass{"path parameter", "declare every {name} of the path as a path parameter, and no other"}
	classAdjacent     = &warnClass{"adjacent path parameters", "put a literal between them ({id}.{ext}), or make one a query parameter"}
	classUnion        = &warnClass{"oneOf/anyOf", "add a discriminator, or make the variants differ in type or required properties"}
	classDiscriminate = &warnClass{"discriminator", "give each variant a mapping entry or a const of the discriminator property"}
	classConst        = &warnClass{"const", "values other than the const are accepted: check them in your code if it matters"}
	classSchemaID     = &warnClass{"$id, $schema, $dynamicRef", "use $ref with a JSON pointer: these keywords are not followed"}
	classFormat       = &warnClass{"keyword on a format", "nothing: the format's Go type holds the parsed value, not the text"}
	classUnchecked    = &warnClass{"unchecked keyword", "check these keywords in your code if it matters (docs/conformance.md)"}
	classPatternProps = &warnClass{"patternProperties", "make the patterns match names no property or other pattern has"}
	classFreeForm     = &warnClass{"free-form check", "nothing: the value is kept as raw JSON, without this check"}
	classOperationID  = &warnClass{"duplicate operationId", "give each operation its own operationId (one Go name got a number)"}
	classSecurity     = &warnClass{"security requirement", "declare the scheme under components/securitySchemes"}
	classWhole        = &warnClass{"second pass", "nothing: the value is checked whole, in a second pass over it"}
	classRawParam     = &warnClass{"unparsed parameter", "check the raw text in your handler, or give the parameter a scalar, array of scalars or object of scalar properties"}
)

// skipAdvice is what to do about each kind of element that is read and not
// generated (skipped.go; docs/skipped.md says more).
var skipAdvice = map[string]string{
	kindWebhooks:      "nothing: the document's webhooks field is generated",
	kindCallbacks:     "write the callback's URL as runtime expressions in braces ({$request.body#/url})",
	kindLinks:         "nothing: generated code follows no links",
	kindServers:       "nothing: the client sends to the base URL NewClient is given",
	kindParamContent:  "nothing: the value is read in the parameter's style with the media type's schema",
	kindHeaderContent: "nothing: the header is read and written as text",
	kindEncoding:      "nothing: parts and fields are read by their schema",
	kindMediaType:     "nothing: the body is passed on as bytes for your code to read",
	kindAllowReserved: "nothing: the server reads both forms",
	kindSecurity:      "check the credentials in the handler's Handle method",
	kindDialect:       "nothing: schemas are read as OpenAPI 3.1's dialect",
	kindParamLocation: "read the value in middleware (r.URL.RawQuery)",
	kindAdditionalOp:  "name the method with an HTTP token, or use its own field (get, post...)",
	kindItemSchema:    "nothing: the body is typed by its schema, or passed on as bytes",
	kindIgnoredKey:    "rename the key: x- keys of maps of names are left out",
}
