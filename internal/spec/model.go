package spec

import (
	"iter"

	"github.com/pb33f/go-yaml"
)

// The model of an OpenAPI document that internal/build and internal/lint
// read: the objects of OpenAPI 3.0, 3.1 and 3.2 that oasgen uses, each
// with the YAML node it was read from, for positions. References are
// resolved (a Parameter that was a $ref is the parameter it names; its
// Ref says what was written), except schemas, which are read on demand
// through a SchemaProxy (schema.go). Fields hold the value as written when
// it has the kind OpenAPI gives it and are left zero otherwise; build
// reports values of the wrong kind (keywords.go), the model does not.

// Map is a mapping of a document, in the order written: components,
// paths, properties, content and the like. The zero value and nil are
// empty maps.
type Map[V any] struct {
	keys     []string
	keyNodes []*yaml.Node
	vals     []V
	index    map[string]int // built on the first Get of a long map
}

// Len returns the number of entries.
func (m *Map[V]) Len() int {
	if m == nil {
		return 0
	}
	return len(m.keys)
}

func (m *Map[V]) set(k string, kn *yaml.Node, v V) {
	m.keys = append(m.keys, k)
	m.keyNodes = append(m.keyNodes, kn)
	m.vals = append(m.vals, v)
	m.index = nil
}

// lookup returns the index of k, or -1. A key written twice is found at
// its first place, where a YAML parser would report the second.
func (m *Map[V]) lookup(k string) int {
	if m == nil {
		return -1
	}
	if len(m.keys) <= 8 {
		for i, x := range m.keys {
			if x == k {
				return i
			}
		}
		return -1
	}
	if m.index == nil {
		m.index = make(map[string]int, len(m.keys))
		for i := len(m.keys) - 1; i >= 0; i-- {
			m.index[m.keys[i]] = i
		}
	}
	if i, ok := m.index[k]; ok {
		return i
	}
	return -1
}

// Get returns the value of k and whether k is there.
func (m *Map[V]) Get(k string) (V, bool) {
	if i := m.lookup(k); i >= 0 {
		return m.vals[i], true
	}
	var zero V
	return zero, false
}

// GetOrZero returns the value of k, or V's zero value.
func (m *Map[V]) GetOrZero(k string) V {
	v, _ := m.Get(k)
	return v
}

// KeyNode returns the node of key k as written, or nil.
func (m *Map[V]) KeyNode(k string) *yaml.Node {
	if i := m.lookup(k); i >= 0 {
		return m.keyNodes[i]
	}
	return nil
}

// FromOldest iterates over the entries in the order written.
func (m *Map[V]) FromOldest() iter.Seq2[string, V] {
	return func(yield func(string, V) bool) {
		if m == nil {
			return
		}
		for i, k := range m.keys {
			if !yield(k, m.vals[i]) {
				return
			}
		}
	}
}

// KeysFromOldest iterates over the keys in the order written.
func (m *Map[V]) KeysFromOldest() iter.Seq[string] {
	return func(yield func(string) bool) {
		if m == nil {
			return
		}
		for _, k := range m.keys {
			if !yield(k) {
				return
			}
		}
	}
}

// DynamicValue is a keyword's value that may have either of two kinds:
// a schema or a boolean (items, additionalProperties), a boolean or a
// number (exclusiveMinimum in 3.0 and 3.1).
type DynamicValue[A, B any] struct {
	N int // 0: A holds the value, 1: B does
	A A
	B B
}

// IsA reports whether the value is A's kind.
func (d *DynamicValue[A, B]) IsA() bool { return d.N == 0 }

// IsB reports whether the value is B's kind.
func (d *DynamicValue[A, B]) IsB() bool { return d.N == 1 }

// Document is an OpenAPI document.
type Document struct {
	Version           string
	JsonSchemaDialect string
	Servers           []*Server
	Paths             *Paths
	Components        *Components
	Security          []*SecurityRequirement
	Webhooks          *Map[*PathItem]
	Extensions        *Map[*yaml.Node]
	Node              *yaml.Node
}

// Components is the document's components object.
type Components struct {
	Schemas         *Map[*SchemaProxy]
	Responses       *Map[*Response]
	Parameters      *Map[*Parameter]
	Examples        *Map[*Example]
	RequestBodies   *Map[*RequestBody]
	Headers         *Map[*Header]
	SecuritySchemes *Map[*SecurityScheme]
	Links           *Map[*Link]
	Callbacks       *Map[*Callback]
	PathItems       *Map[*PathItem]
	MediaTypes      *Map[*MediaType]
	Extensions      *Map[*yaml.Node]
	Node            *yaml.Node
}

// Paths is the document's paths object.
type Paths struct {
	PathItems  *Map[*PathItem]
	Extensions *Map[*yaml.Node]
	Node       *yaml.Node
}

// PathItem is a path item; Ref is the $ref it was read through, if any.
type PathItem struct {
	Ref                  string
	Description          string
	Summary              string
	Get                  *Operation
	Put                  *Operation
	Post                 *Operation
	Delete               *Operation
	Options              *Operation
	Head                 *Operation
	Patch                *Operation
	Trace                *Operation
	Query                *Operation
	AdditionalOperations *Map[*Operation]
	Servers              []*Server
	Parameters           []*Parameter
	Extensions           *Map[*yaml.Node]
	Node                 *yaml.Node
}

// Operation is an operation of a path item; KeyNode is its method's key.
type Operation struct {
	Tags        []string
	Summary     string
	Description string
	OperationId string
	Parameters  []*Parameter
	RequestBody *RequestBody
	Responses   *Responses
	Callbacks   *Map[*Callback]
	Deprecated  *bool
	Security    []*SecurityRequirement
	Servers     []*Server
	Extensions  *Map[*yaml.Node]
	Node        *yaml.Node
	KeyNode     *yaml.Node
}

// Parameter is a parameter object.
type Parameter struct {
	Ref  string
	Name string
	In   string
	Value
	// KeyNode is where the parameter is used: its item in a parameters
	// list (the $ref, for one read through a $ref), or its name in
	// components.
	KeyNode *yaml.Node
}

// Value holds the fields a parameter and a header share: how the value
// is described, serialized and typed.
type Value struct {
	Description     string
	Required        *bool
	Deprecated      bool
	AllowEmptyValue bool
	Style           string
	Explode         *bool
	AllowReserved   bool
	Schema          *SchemaProxy
	Example         *yaml.Node
	Examples        *Map[*Example]
	Content         *Map[*MediaType]
	Extensions      *Map[*yaml.Node]
	Node            *yaml.Node
}

// RequestBody is a request body object.
type RequestBody struct {
	Ref         string
	Description string
	Content     *Map[*MediaType]
	Required    *bool
	Extensions  *Map[*yaml.Node]
	Node        *yaml.Node
}

// Responses is an operation's responses; Codes holds every key but
// default, in the order written.
type Responses struct {
	Codes      *Map[*Response]
	Default    *Response
	Extensions *Map[*yaml.Node]
	Node       *yaml.Node
}

// Response is a response object.
type Response struct {
	Ref         string
	Summary     string
	Description string
	Headers     *Map[*Header]
	Content     *Map[*MediaType]
	Links       *Map[*Link]
	Extensions  *Map[*yaml.Node]
	Node        *yaml.Node
}

// MediaType is a media type object.
type MediaType struct {
	Schema       *SchemaProxy
	ItemSchema   *SchemaProxy
	Example      *yaml.Node
	Examples     *Map[*Example]
	Encoding     *Map[*Encoding]
	ItemEncoding *Map[*Encoding]
	Extensions   *Map[*yaml.Node]
	Node         *yaml.Node
}

// Header is a header object: a parameter with no name or location of its
// own.
type Header struct {
	Ref string
	Value
}

// Encoding is an encoding object of a media type.
type Encoding struct {
	ContentType   string
	Headers       *Map[*Header]
	Style         string
	Explode       *bool
	AllowReserved bool
	Node          *yaml.Node
}

// Example is an example object.
type Example struct {
	Ref           string
	Summary       string
	Description   string
	Value         *yaml.Node
	ExternalValue string
	DataValue     *yaml.Node
	Node          *yaml.Node
}

// Link is a link object of a response.
type Link struct {
	Ref          string
	OperationRef string
	OperationId  string
	Description  string
	Node         *yaml.Node
}

// Callback is a callback object: its expressions, each a path item.
type Callback struct {
	Ref        string
	Expression *Map[*PathItem]
	Extensions *Map[*yaml.Node]
	Node       *yaml.Node
}

// SecurityScheme is a security scheme object.
type SecurityScheme struct {
	Ref              string
	Type             string
	Description      string
	Name             string
	In               string
	Scheme           string
	BearerFormat     string
	Flows            *OAuthFlows
	OpenIdConnectUrl string
	Extensions       *Map[*yaml.Node]
	Node             *yaml.Node
}

// OAuthFlows are the flows of an oauth2 security scheme.
type OAuthFlows struct {
	Implicit          *OAuthFlow
	Password          *OAuthFlow
	ClientCredentials *OAuthFlow
	AuthorizationCode *OAuthFlow
	Device            *OAuthFlow
}

// OAuthFlow is one OAuth 2 flow.
type OAuthFlow struct {
	AuthorizationUrl string
	TokenUrl         string
	RefreshUrl       string
	Scopes           *Map[string]
}

// SecurityRequirement is one security requirement: scheme names and
// their scopes. An empty one ({}) makes security optional.
type SecurityRequirement struct {
	Requirements *Map[[]string]
	Node         *yaml.Node
}

// Server is a server object.
type Server struct {
	URL         string
	Description string
	Node        *yaml.Node
}

// Discriminator is a schema's discriminator object.
type Discriminator struct {
	PropertyName   string
	Mapping        *Map[string]
	DefaultMapping string
	Node           *yaml.Node
}
