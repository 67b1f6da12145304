// Package plain holds hand-written structs for encoding/json, equivalent to
// the oasgen types of the benchmark workloads: the code a Go programmer
// writes without a generator. Required properties are plain values; optional
// scalars and objects are pointers with omitempty; optional arrays are nil
// slices with omitempty.
package plain

// Category mirrors workload A's #/components/schemas/Category.
type Category struct {
	ID   *int64  `json:"id,omitempty"`
	Name *string `json:"name,omitempty"`
}

// Pet mirrors workload A's #/components/schemas/Pet.
type Pet struct {
	ID       int64     `json:"id"`
	Name     string    `json:"name"`
	Category *Category `json:"category,omitempty"`
	Tag      []string  `json:"tag,omitempty"`
	Status   *string   `json:"status,omitempty"`
}

// List mirrors workload B's #/components/schemas/List.
type List struct {
	Total  int64  `json:"total"`
	Result []Item `json:"result"`
}

// Item mirrors workload B's #/components/schemas/Item.
type Item struct {
	A         string   `json:"a"`
	B         string   `json:"b"`
	Date      string   `json:"date"`
	Highlight []string `json:"highlight,omitempty"`
	C         string   `json:"c"`
}

// Nested mirrors workload C's #/components/schemas/Nested.
type Nested struct {
	Name   *string `json:"name,omitempty"`
	Amount *uint32 `json:"amount,omitempty"`
	Ok     *string `json:"ok,omitempty"` // enum FALSE, TRUE
}

// ABitOfEverything mirrors workload C's #/components/schemas/ABitOfEverything.
type ABitOfEverything struct {
	UUID                string   `json:"uuid"`
	Nested              []Nested `json:"nested,omitempty"`
	FloatValue          *float32 `json:"float_value,omitempty"`
	DoubleValue         *float64 `json:"double_value,omitempty"`
	Int64Value          *int64   `json:"int64_value,omitempty"`
	Uint64Value         *uint64  `json:"uint64_value,omitempty"`
	Int32Value          *int32   `json:"int32_value,omitempty"`
	Fixed64Value        *uint64  `json:"fixed64_value,omitempty"`
	Fixed32Value        *uint32  `json:"fixed32_value,omitempty"`
	BoolValue           *bool    `json:"bool_value,omitempty"`
	StringValue         *string  `json:"string_value,omitempty"`
	Uint32Value         *uint32  `json:"uint32_value,omitempty"`
	Sfixed32Value       *int32   `json:"sfixed32_value,omitempty"`
	Sfixed64Value       *int64   `json:"sfixed64_value,omitempty"`
	Sint32Value         *int32   `json:"sint32_value,omitempty"`
	Sint64Value         *int64   `json:"sint64_value,omitempty"`
	RepeatedStringValue []string `json:"repeated_string_value,omitempty"`
}

// SomeValue mirrors the union workload's #/components/schemas/SomeValue
// (the protobuf oneof {int32 num; string str; bool b}): encoding/json has no
// sum type, so the value is decoded into any.
type SomeValue struct {
	Type  int32 `json:"type"`
	Value any   `json:"value"`
}

// Oneof mirrors the union workload's #/components/schemas/Oneof, protobuf's
// JSON mapping of the same oneof: a pointer per member. It checks nothing a
// oneOf asks: a document with two members set, or none, decodes as well.
type Oneof struct {
	Type int32   `json:"type"`
	Num  *int32  `json:"num,omitempty"`
	Str  *string `json:"str,omitempty"`
	B    *bool   `json:"b,omitempty"`
}
