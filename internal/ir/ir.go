// Package ir is the Go-shaped model of an API that the emitters print: named
// types with their fields and constraints, and operations with their
// parameters, bodies and responses. It is built from a loaded spec by Build
// and holds no text output; nothing in it refers back to the parser.
package ir

import (
	"fmt"
	"math/big"
)

// Package is everything generated from one spec.
type Package struct {
	// Decls are the named Go types, in emission order.
	Decls []Decl
	// Operations are the spec's operations, in path order then method order.
	Operations []*Operation
	// SecuritySchemes are the spec's security schemes, in spec order.
	SecuritySchemes []*SecurityScheme
	// Diagnostics are warnings met while building; errors stop Build.
	Diagnostics []Diagnostic
	// API names what the router, server and client declare for the
	// whole package; empty when there are no operations.
	API APINames
	// Webhooks are the operations of the spec's webhooks (OpenAPI 3.1),
	// in spec order: requests the API sends, which its users receive.
	// Each has Webhook set and the path "/" + its name.
	Webhooks []*Operation
	// WebhookAPI names the receiving server and the sending client of
	// the webhooks, when there are any.
	WebhookAPI APINames
	// Callbacks are the operations of the operations' callbacks, in
	// operation order; each has Callback set.
	Callbacks []*Operation
	// CallbackAPI names the receiving server and the sending client of
	// the callbacks, when there are any.
	CallbackAPI APINames
}

// Callback is one URL expression of an operation's callback: the
// operations under it are sent to the URL it names.
type Callback struct {
	// Name is the callback's key in the operation's callbacks.
	Name string
	// URL is the URL template, with runtime expressions in braces.
	URL string
	// Of is the operation whose request (and response) the URL's
	// expressions read.
	Of *Operation
	// URLFunc is the Go name of the function that evaluates URL.
	URLFunc string
	// Pos is the URL's position in the spec.
	Pos Pos
}

// SentToURL reports whether o is a request the API sends to a URL given
// at run time (a webhook's or a callback's) rather than one it serves.
func (o *Operation) SentToURL() bool { return o.Webhook != "" || o.Callback != nil }

// APINames are the package-level names of the HTTP layer, claimed after
// every model name so they never clash with one.
type APINames struct {
	Handler, Unimplemented, Server, NewServer, Client, NewClient string
	// NewValidator and NewContractTransport are the validator part's
	// functions (the API's only).
	NewValidator, NewContractTransport string
}

// Pos is a place in a spec file.
type Pos struct {
	File string
	Line int
	Col  int
}

func (p Pos) String() string {
	if p.Line == 0 {
		return p.File
	}
	return fmt.Sprintf("%s:%d:%d", p.File, p.Line, p.Col)
}

// Diagnostic is a positioned message about the spec.
type Diagnostic struct {
	Pos Pos
	Msg string
	// Kind names the kind of spec element a warning says is not generated
	// ("webhooks", "links", "parameter content"...), for counting them;
	// empty for the other warnings.
	Kind string
	// Class names the kind of warning, what generate's summary counts
	// together: Kind for the elements not generated, the keyword or
	// mistake for the others ("pattern", "allOf", "duplicate operationId").
	Class string
	// Advice says what to do about a warning of its Class, in a line.
	Advice string
	// Of is the *Operation or Decl the warning is about, so that a
	// selection that leaves it out leaves out its warnings too; nil for
	// the document as a whole.
	Of any
}

func (d Diagnostic) String() string { return d.Pos.String() + ": " + d.Msg }

// Doc is what a schema or operation says about itself.
type Doc struct {
	Title       string
	Description string
	Deprecated  bool
}

// Decl is a named Go type: *Struct, *Enum, *Alias, *Union or *Tuple.
type Decl interface {
	// Name returns the Go identifier.
	Name() string
	// Origin returns where the schema is: its $ref-able pointer (for
	// example "#/components/schemas/Pet") or, for inline schemas, a
	// description of where it was found, and its position.
	Origin() (string, Pos)
	decl()
}

// Common is embedded in every Decl.
type Common struct {
	GoName  string
	Pointer string // JSON pointer or location description of the schema
	Pos     Pos
	Doc     Doc
	// Whole is the schema as JSON Schema applies it, checked on the raw
	// JSON value after the Go type has decoded it and by Validate on its
	// encoding: set on a component whose keywords the Go type does not
	// hold (unevaluatedProperties, unevaluatedItems, dependentSchemas,
	// conditions on typed values...); nil for the others, which pay
	// nothing.
	Whole *Any
	// Copies counts the inline schemas elsewhere in the spec that are
	// copies of this one and use its type instead of one of their own.
	Copies int
}

// CommonOf returns the parts every declaration has.
func CommonOf(d Decl) *Common {
	switch d := d.(type) {
	case *Struct:
		return &d.Common
	case *Enum:
		return &d.Common
	case *Union:
		return &d.Common
	case *Tuple:
		return &d.Common
	case *Alias:
		return &d.Common
	}
	panic(fmt.Sprintf("ir: unknown declaration %T", d))
}

func (c *Common) Name() string          { return c.GoName }
func (c *Common) Origin() (string, Pos) { return c.Pointer, c.Pos }
func (*Common) decl()                   {}

// Struct is an object schema with declared properties.
type Struct struct {
	Common
	Fields []*Field
	// Additional is the schema of properties beyond Fields
	// (additionalProperties: {schema} or true), kept in a map and written
	// back after the declared fields; nil when extra keys are skipped.
	Additional Type
	// AdditionalGoName is the Go name of the map field holding them.
	AdditionalGoName string
	// Closed is additionalProperties: false: a property that is neither
	// declared nor matches a pattern is an error, not skipped.
	Closed bool
	// Patterns are the schema's patternProperties: properties whose names
	// match a pattern, each pattern's in a map of its own. A name goes to
	// the first pattern it matches; names matching none are additional.
	Patterns []*PatternProps
	MinProps *int64
	MaxProps *int64
	// Undeclared are the required names no field declares: decoding
	// checks that the object has them (their values are additional or
	// pattern properties, or skipped), so a variant of a union matches
	// exactly the objects its schema allows.
	Undeclared []string
	// Not holds the sets of properties the schema's not forbids together.
	Not *Not
	// Other is set when the schema has no type: a value of another kind
	// than an object is valid too, kept whole in the struct's embedded
	// oasimpl.OtherKind, and Other's checks (the schema's keywords of those
	// kinds) apply to it.
	Other *Any
}

// PatternProps is one entry of patternProperties.
type PatternProps struct {
	Pattern string   // as written (ECMA-262)
	Regexps []Regexp // its RE2 translation
	Type    Type
	GoName  string // the map field
}

// Regexp is one RE2 expression of a pattern's translation. A string
// matches the pattern when it matches every expression of the translation
// whose Match is set and none of the others: most patterns are one
// expression, and a lookaround at a pattern's anchored start or end is one
// more (build.TranslatePattern).
type Regexp struct {
	Expr  string
	Match bool
}

// Not is what a schema's not rules out, in the forms that are checked:
// JSON types, values, and properties present together. A value is
// rejected when it matches any of them.
type Not struct {
	// Kinds are JSON types; JSONInteger is a number with no fraction.
	Kinds []JSONType
	// Values are scalars: strings as they are, others as JSON text.
	Values []NotValue
	// Required are sets of property names; an object holding every name
	// of one set is rejected (not: {required: [...]}, or not: {anyOf:
	// [{required: [...]}, ...]}).
	Required [][]string
}

// NotValue is a scalar value a not rules out.
type NotValue struct {
	Kind JSONType // JSONString, JSONNumber, JSONBoolean or JSONNull
	Text string
}

// Field is one property of a Struct.
type Field struct {
	GoName   string
	JSONName string
	Type     Type
	Required bool
	// Ptr is set where the property's type contains this struct by value,
	// directly or through other structs: the field is held by pointer to
	// keep the Go type finite.
	Ptr bool
	Doc Doc
	Pos Pos
	// Default is the value decoding gives an optional property that is
	// absent, or nil.
	Default *Default
	// ReadOnly properties are sent only in responses, WriteOnly ones only
	// in requests.
	ReadOnly, WriteOnly bool
	// Items names the streaming methods of an array property (see
	// StreamField); nil for other fields.
	Items *ItemsNames
}

// ItemsNames are the names of the streaming API of an array: for a named
// array type, the functions Decode and Encode iterate over its elements;
// for an array property of a struct, the method Field returns the
// oasimpl.ArrayField that the runtime's streaming functions take.
type ItemsNames struct {
	Field, Decode, Encode string
}

// Default is a scalar default value: Text as written in the spec (a string
// without quotes, a number, true or false), or an enum constant.
type Default struct {
	Text string
	Enum *EnumValue // the enum value, for enum types
}

// Nullable reports whether the field accepts null.
func (f *Field) Nullable() bool {
	_, ok := f.Type.(*Nullable)
	return ok
}

// Enum is a string or integer schema with enum values. Its values become
// constants.
type Enum struct {
	Common
	Base   *Prim
	Values []*EnumValue
}

// EnumValue is one member of an Enum.
type EnumValue struct {
	GoName string // constant name
	Str    string // for string enums
	Int    int64  // for integer enums
}

// Alias is a named schema that is not an object or enum: an array, a map, a
// primitive or a free-form value. It becomes a defined Go type over Type.
type Alias struct {
	Common
	Type Type
	// Items names the streaming functions of a named array (Each is
	// unused); nil for other aliases and for Go aliases of format types.
	Items *ItemsNames
}

// GoAlias reports whether the alias is declared as a Go alias (type A =
// T): of another declaration, an external type, or a format type of the
// runtime or the standard library, whose methods it shares.
func (a *Alias) GoAlias() bool {
	switch t := a.Type.(type) {
	case *Ref, *External:
		return true
	case *Prim:
		switch t.Kind {
		case DateTime, Date, UUID, IPv4, IPv6:
			return true
		}
	}
	return false
}

// Union is a oneOf or anyOf schema. Its Go type holds a tag saying which
// variant is set and one field per variant. How the decoder picks the
// variant is decided here, at generation time, from what tells the variants
// apart, so that it never decodes a value twice.
type Union struct {
	Common
	AnyOf bool
	// Types marks the union of a schema with several types (3.1
	// `type: [string, integer]`): a variant per type, named after it.
	Types bool
	// Base is set for the union of an object schema with a discriminator
	// and the schemas that extend it with allOf: its own struct, which is
	// also a variant.
	Base     *Struct
	Variants []*Variant
	// TagType and TagField name the Go type of the tag and the field
	// holding it.
	TagType, TagField string
	// Discriminator is the property whose value names the variant.
	Discriminator string
	// Trial is set when some variants can only be told apart by trying
	// them in turn; Build reports a warning naming the schema.
	Trial bool
	// Facts, when not nil, are the variants that take objects, decided
	// from what one pass over the object gathers: the keys present, and
	// for each key whether its value is valid for the variants that
	// declare it (read once per type). Every variant's own checks then
	// apply, so a oneOf value two variants accept is rejected with no
	// second pass (the shape of protobuf's JSON mapping of a oneof).
	Facts []*Variant
}

// Tuple is an array schema with prefixItems: its Go type is a struct with a
// field per position, encoded as a JSON array.
type Tuple struct {
	Common
	// Items are the positions, in order. JSONName is unused; positions
	// below minItems are Required, the others optional: an array may end
	// before them.
	Items []*Field
	// Rest is the type of the items after the prefix (the schema's
	// items, or any value when it says nothing), held in a slice named
	// RestGoName; nil when items: false allows none.
	Rest       Type
	RestGoName string
	MinItems   *int64
	MaxItems   *int64
	// Unique is uniqueItems: no two items equal as JSON values.
	Unique bool
}

// Variant is one member of a Union.
type Variant struct {
	GoName string // the field holding it
	Const  string // the tag constant
	Type   Type
	// Tags are the discriminator values that select this variant.
	Tags []string
	// Kinds are the JSON kinds of value the variant accepts, JSONAny
	// when it takes any.
	Kinds []JSONType
	// Keys are the object keys only this variant declares: seeing one
	// selects it.
	Keys []string
	// Default marks the object variant chosen when none of the others'
	// Keys appears: the first whose own keys are all optional.
	Default bool
	// Values are the string values only this variant accepts (from enum or
	// const), for string variants.
	Values []string
}

// Type is a use of a type: *Prim, *Array, *Map, *Ref, *Any, *Nullable or
// *External.
type Type interface{ typ() }

// PrimKind is a kind of scalar JSON value, as carried in Go.
type PrimKind uint8

// The primitive kinds. Formats that change the Go type have kinds of their
// own; formats that only check a string (email, uri, hostname) are String
// with Format set.
const (
	String PrimKind = iota
	Bool
	Int32
	Int64
	Uint32
	Uint64
	Float32
	Float64
	DateTime // time.Time
	Date     // oasrt.Date
	UUID     // oasrt.UUID
	Bytes    // []byte, base64 in JSON
	IPv4     // netip.Addr
	IPv6     // netip.Addr
	Decimal  // oasrt.Decimal, the number's text kept exactly
)

// Prim is a scalar type with its checks.
type Prim struct {
	Kind   PrimKind
	Format string // the spec's format, for checks and docs
	// Quoted marks an integer carried in a JSON string (type string with
	// format int64, int32, uint64 or uint32), as APIs do for values past
	// 2^53 that JavaScript cannot hold.
	Quoted bool
	// String checks, for Kind String: lengths in characters; Pattern as
	// written (ECMA-262) and Regexps, its RE2 translation (nil when it has
	// none and generation was told to leave it unchecked).
	MinLength, MaxLength *int64
	Pattern              string
	Regexps              []Regexp
	// Number checks, exact: big.Rat keeps 0.1 as 1/10.
	Minimum, Maximum                   *big.Rat
	ExclusiveMinimum, ExclusiveMaximum bool
	MultipleOf                         *big.Rat
	// Not holds the values of the prim's kind the schema's not rules out,
	// and for floats the kind "integer".
	Not *Not
	// Const is the one value allowed, as JSON text, for number and
	// boolean consts (string and integer consts are enums of one value).
	Const string
}

// IsInteger reports whether the kind is an integer kind.
func (k PrimKind) IsInteger() bool { return k >= Int32 && k <= Uint64 }

// IsFloat reports whether the kind is a float kind.
func (k PrimKind) IsFloat() bool { return k == Float32 || k == Float64 }

// HasChecks reports whether decoding a value of p checks more than its kind.
func (p *Prim) HasChecks() bool {
	return p.HasBounds() || p.FormatCheck() != ""
}

// HasBounds reports whether p has constraints beyond its kind and format:
// lengths, pattern, range, multipleOf or not.
func (p *Prim) HasBounds() bool {
	return p.MinLength != nil || p.MaxLength != nil || len(p.Regexps) > 0 ||
		p.Minimum != nil || p.Maximum != nil || p.MultipleOf != nil || p.Not != nil || p.Const != ""
}

// FormatCheck returns the runtime validator name for string formats checked
// beyond their Go type (email, hostname, uri, duration, time), or "".
func (p *Prim) FormatCheck() string {
	if p.Kind != String {
		return ""
	}
	switch p.Format {
	case "email":
		return "ValidEmail"
	case "hostname":
		return "ValidHostname"
	case "uri":
		return "ValidURI"
	case "duration":
		return "ValidDuration"
	case "time":
		return "ValidTime"
	// Formats with a Go type of their own reach a String prim only as
	// the string checks of a schema without type (Any.String).
	case "date-time":
		return "ValidDateTime"
	case "date":
		return "ValidDate"
	case "uuid":
		return "ValidUUID"
	case "ipv4":
		return "ValidIPv4"
	case "ipv6":
		return "ValidIPv6"
	case "uri-reference":
		return "ValidURIReference"
	case "iri":
		return "ValidIRI"
	case "iri-reference":
		return "ValidIRIReference"
	case "uri-template":
		return "ValidURITemplate"
	case "json-pointer":
		return "ValidJSONPointer"
	case "relative-json-pointer":
		return "ValidRelativeJSONPointer"
	case "regex":
		return "ValidRegex"
	case "idn-hostname":
		return "ValidIDNHostname"
	case "idn-email":
		return "ValidIDNEmail"
	}
	return ""
}

// Array is a JSON array of Elem.
type Array struct {
	Elem               Type
	MinItems, MaxItems *int64
	Unique             bool
}

// Map is a JSON object with arbitrary keys and values of Elem
// (additionalProperties with no declared properties).
type Map struct {
	Elem               Type
	MinProps, MaxProps *int64
	// Required are the keys the object must have.
	Required []string
	// PropertyNames is the schema every key must match, as a JSON
	// string (a free-form value's checks); nil when absent.
	PropertyNames *Any
	// DependentRequired are the keys the object must have when it has
	// another.
	DependentRequired []Dependent
}

// Ref is a use of a named type.
type Ref struct{ Decl Decl }

// Any is a free-form value, kept as raw JSON.
type Any struct {
	// False is the schema false: no value is valid (a property that
	// must be absent, an array that must be empty).
	False bool
	// Kinds are the JSON types the value may have ("object" for type:
	// object with no properties, "null" for type: null, both for a
	// nullable one); none: any.
	Kinds []JSONType
	// Not holds the JSON types the schema's not rules out.
	Not *Not
	// Const is the one value allowed, as JSON text (an object, an array,
	// null, or a scalar of a schema without a type).
	Const string
	// Enum are the values allowed, as JSON text, for an enum of a schema
	// without a type whose values are not all strings or integers.
	Enum []string
	// Per kind: the keywords that apply to one JSON kind each, checked on
	// values of that kind only, as JSON Schema applies them (a schema
	// without type with minLength accepts the number 1). String is a
	// String prim (lengths, pattern, format), Number a Decimal prim
	// (bounds and multipleOf, exact); nil when the schema has none.
	String, Number     *Prim
	MinItems, MaxItems *int64
	UniqueItems        bool
	MinProps, MaxProps *int64
	Required           []string
	// Contains is the schema some items of an array must match, itself a
	// free-form value's checks; MinContains (1 when nil) and MaxContains
	// bound how many do.
	Contains                 *Any
	MinContains, MaxContains *int64
	// Items is the schema every item of an array must match, itself a
	// free-form value's checks: items beside properties on a schema
	// without type, which applies to the arrays its struct's OtherKind
	// holds. Nil when absent.
	Items *Any
	// If, Then, Else are if/then/else, each nil when absent (If nil:
	// none applies); PropertyNames is the schema every key of an object
	// must match, as a string; DependentRequired the keys an object must
	// have when it has another.
	If, Then, Else    *Any
	PropertyNames     *Any
	DependentRequired []Dependent
	// AllOf, AnyOf and OneOf are the members of a schema without type
	// whose members are free-form too, each checked on the whole value;
	// NotAny is a not whose schema is free-form (not {}, not {minimum: 2}).
	AllOf, AnyOf, OneOf []*Any
	NotAny              *Any
	// App holds the keywords that apply subschemas to an object's
	// members and an array's items, and the unevaluated ones: set on
	// every node of a whole-value check (Common.Whole), nil elsewhere.
	App *Applicators
}

// Applicators are the keywords of a whole-value check's schema that
// apply subschemas to the members or items of the value: each evaluates
// them, and unevaluatedProperties and unevaluatedItems apply to those no
// keyword of the schema or of its in-place subschemas that held
// evaluated. A $ref is an allOf member.
type Applicators struct {
	Properties       []AnyProperty
	Patterns         []AnyPattern
	Additional       *Any
	PrefixItems      []*Any
	Items            *Any
	DependentSchemas []AnyProperty // applied to the whole value when it has the key
	// UnevaluatedProperties and UnevaluatedItems, nil when absent.
	UnevaluatedProperties, UnevaluatedItems *Any
}

// AnyProperty is a property name with its schema.
type AnyProperty struct {
	Name   string
	Schema *Any
}

// AnyPattern is an entry of patternProperties in a whole-value check.
type AnyPattern struct {
	Pattern string
	Regexps []Regexp
	Schema  *Any
}

// Dependent is one entry of dependentRequired: when an object has Key, it
// must have Names too.
type Dependent struct {
	Key   string
	Names []string
}

// Checked reports whether a free-form value has anything to check.
func (a *Any) Checked() bool {
	return a.False || len(a.Kinds) > 0 || len(a.Enum) > 0 || a.Not != nil || a.Const != "" || a.KindChecked() || a.App != nil
}

// KindChecked reports whether a free-form value has checks of one kind.
func (a *Any) KindChecked() bool {
	return a.String != nil || a.Number != nil || a.MinItems != nil || a.MaxItems != nil || a.UniqueItems ||
		a.MinProps != nil || a.MaxProps != nil || len(a.Required) > 0 || a.Contains != nil || a.Items != nil ||
		a.If != nil || a.PropertyNames != nil || len(a.DependentRequired) > 0 ||
		len(a.AllOf)+len(a.AnyOf)+len(a.OneOf) > 0 || a.NotAny != nil
}

// Nullable wraps a type whose values may also be null.
type Nullable struct{ Elem Type }

// External is a Go type the spec names with x-go-type, such as
// "math/big.Int": the type's own MarshalJSON and (pointer) UnmarshalJSON
// encode and decode it.
type External struct {
	Path string // import path; "" for a predeclared type
	Name string
}

func (*Prim) typ()     {}
func (*Array) typ()    {}
func (*Map) typ()      {}
func (*Ref) typ()      {}
func (*Any) typ()      {}
func (*Nullable) typ() {}
func (*External) typ() {}

// StructOf returns the struct a type use stands for, through nullability
// and aliases, or nil when it is not an object with declared properties.
func StructOf(t Type) *Struct {
	for {
		switch u := t.(type) {
		case *Nullable:
			t = u.Elem
		case *Ref:
			switch d := u.Decl.(type) {
			case *Struct:
				return d
			case *Alias:
				t = d.Type
			default:
				return nil
			}
		default:
			return nil
		}
	}
}

// Operation is one method on one path.
type Operation struct {
	// Webhook is the name of the webhook the operation belongs to (the
	// key in the spec's webhooks map); empty for the API's operations.
	Webhook string
	// Callback is the callback the operation belongs to; nil for the
	// API's operations.
	Callback *Callback
	ID       string // operationId, or one made from method and path
	GoName   string
	Method   string // upper case
	Path     string
	Summary  string
	Doc      Doc
	Tags     []string
	Params   []*Param
	Body     *Body
	Response []*Response
	// Security lists the alternative requirements a request must meet
	// (the operation's, or else the spec's); nil when there are none, and
	// empty but not nil when none can be met.
	Security []*SecurityRequirement
	// Stream is set by x-oasgen-stream: true on the operation: its JSON
	// responses that are arrays, or objects holding one, can also be
	// written from an iterator and read as one.
	Stream bool
	Pos    Pos

	// The Go names the HTTP layer declares for the operation: its
	// parameters struct ("" without parameters), the interface its
	// results implement, and the helpers of its request body (see
	// BodyNames).
	ParamsName, ResultName string
	// WriteName is the method that writes a result of the operation to an
	// http.ResponseWriter, on each Go type of its results; ExportedWriteName
	// is its name when the server is in a package of its own (gen's split
	// layout). The results' fields never take the second (names.go).
	WriteName, ExportedWriteName string
	BodyNames                    BodyNames
	// Pages is set for a list operation whose pages the client walks
	// (see Pagination).
	Pages *Pagination
	// StreamCall names the client method returning the streaming forms of
	// the responses, "" when no response has one (see Result.Stream).
	StreamCall string

	// What the HTTP layer declares once for the operations of a set
	// whose parameters are alike (see Share); each nil when ParamsName
	// is "", and nil otherwise for an operation that shares nothing.
	// ParamsType: the Params struct, for the same parameters, Go
	// types and docs (the others' ParamsName is an alias of it).
	// ParamsDecoder: the server's function reading them, for the same
	// fields read the same way (a caller whose Params type is another
	// converts it). ParamsAdder: the client's function adding the query,
	// header and cookie parameters, for operations with one ParamsType;
	// nil when they are added in one statement, which a call would not
	// shorten.
	ParamsType, ParamsDecoder, ParamsAdder *Share
	// ResultTypes is shared by the operations that answer alike: status
	// by status, media type by media type, header by header and doc by
	// doc. The first declares the result types and the client's reading
	// of them; the others' result names are aliases of its types. Nil
	// when the operation's results are its own: when a response is
	// streamed, or a type has constraints of its own.
	ResultTypes *Share
}

// BodyNames are the Go names of a request body's declarations: the struct
// of a multipart/form-data body ("" unless it has one), the streaming form
// of a JSON body (set only for an x-oasgen-stream operation whose body is
// an array or an object holding one), and the unexported functions that
// decode and encode a body whose type has no codec methods.
type BodyNames struct {
	Form, Stream, Decode, Encode string
}

// Param is a path, query, header or cookie parameter.
type Param struct {
	Name     string
	GoName   string
	In       Location
	Style    Style
	Explode  bool
	Required bool
	Type     Type
	Doc      Doc
	Pos      Pos
}

// Body is an operation's request body.
type Body struct {
	Required bool
	Content  []*Media
	// Kind is how the HTTP layer carries the body.
	Kind BodyKind
}

// BodyKind is how the HTTP layer carries a request body.
type BodyKind uint8

const (
	// BodyRaw is passed on as bytes in any of its media types.
	BodyRaw BodyKind = iota
	// BodyTyped is decoded into the Go type of Content[0], which every
	// media type shares: JSON, or a form of an object with scalar
	// properties (ObjectOf).
	BodyTyped
	// BodyMultipart is one multipart/form-data media type of an object
	// with properties, decoded into the struct BodyNames.Form.
	BodyMultipart
	// BodySeq is one sequential media type with typed items (JSON Lines,
	// JSON text sequences; not events), read and written as an iterator.
	BodySeq
)

// HasCodec reports whether the Go type of t has EncodeJSON and DecodeJSON
// methods: a named type that is not a Go alias of a format type.
func HasCodec(t Type) bool {
	r, ok := t.(*Ref)
	if !ok {
		return false
	}
	if a, ok := r.Decl.(*Alias); ok && a.GoAlias() {
		return HasCodec(a.Type)
	}
	return true
}

// Media is one content type of a body with its schema (nil when the spec
// gives none).
type Media struct {
	ContentType string
	Kind        MediaKind // ClassifyMedia(ContentType)
	Type        Type
	// Item is the type of each item of a sequential media type
	// (Kind.Sequential): the JSON value of a line or record, or the data
	// of a server-sent event; nil when the spec does not type them.
	Item Type
	// ItemText is set for server-sent events whose data is a string
	// written as it is (an itemSchema whose data property is a string
	// without contentSchema), not JSON.
	ItemText bool
}

// Response is one status code's response ("200", "4XX", "default").
type Response struct {
	Status  string
	Doc     Doc
	Headers []*Param
	Content []*Media
	// Results are the Go types the response is returned as: one per media
	// type of Content, or one without a body when Content is empty, but
	// one for all the media types whose body is passed on as bytes when
	// there are several (see Result.More).
	Results []*Result
}

// Result is a response with one of its media types as the Go type a
// handler returns and the client gives back.
type Result struct {
	GoName string
	Media  *Media // nil for a response without content
	// More are the response's other media types whose bodies are passed on
	// as bytes (RawMedia), which this result carries too; its
	// ContentTypeField then says which of them the body is in.
	More             []*Media
	ContentTypeField string
	// StatusField holds the status of a range or default response ("" for
	// a single status); BodyField the body ("" without Media).
	StatusField, BodyField string
	// Headers are the response headers the type carries (not
	// Content-Type, which the media type sets), with their field names.
	Headers []*HeaderField
	// Stream names the streaming form of a JSON body that is an array or
	// holds one, for an x-oasgen-stream operation; "" otherwise.
	Stream string
}

// HeaderField is a response header and the field holding it.
type HeaderField struct {
	*Param
	Field string
}

// SecurityScheme is an entry of components.securitySchemes.
type SecurityScheme struct {
	Name   string // the key in components.securitySchemes
	GoName string
	// Method is the Handler method that checks the scheme's credentials,
	// named beside the operations' methods.
	Method string
	Type   SchemeType
	Scheme string   // for http: the auth scheme, lower case (basic, bearer)
	In     Location // for apiKey: header, query or cookie
	Param  string   // for apiKey: the header, query or cookie name
	Doc    Doc
	// Credentials is what Method receives, read from the request.
	Credentials Credentials
	// Challenge is the WWW-Authenticate value of a 401 the scheme
	// refuses with ("" for mutualTLS: no HTTP challenge asks for a
	// certificate).
	Challenge string
	// Check is the Server method that reads the credentials and calls
	// Method.
	Check string
}

// Credentials is what a security scheme's Handler method receives.
type Credentials uint8

const (
	// CredRequest is the request, for schemes read in no standard way
	// (Digest, HOBA..., mutualTLS): the user's code reads them.
	CredRequest Credentials = iota
	CredAPIKey              // the API key
	CredBasic               // user and password
	CredBearer              // a token and the required scopes
)

// SecurityRequirement is one alternative of an operation's security: every
// scheme in it must accept the request. An empty one admits anyone.
type SecurityRequirement struct {
	Schemes []*SecurityUse
}

// SecurityUse is a scheme in a requirement, with the scopes (oauth2,
// openIdConnect) or roles it asks for.
type SecurityUse struct {
	Scheme *SecurityScheme
	Scopes []string
}
