package oasrt

// Opt holds an optional value: Set is false when the property is absent.
// It is a plain value, so an optional field costs no heap allocation.
// Read it through its fields, or with Or for a default.
//
// Opt, Nullable and OptNullable have no methods: a method of a generic
// type is compiled for every type it is used with, pointer wrapper
// included, and a big API's package has hundreds of Opt types
// (Kubernetes': 493 shapes), so helpers are functions (Or), compiled
// only where a program calls them.
type Opt[T any] struct {
	Value T
	Set   bool
}

// NewOpt returns a set Opt holding v.
func NewOpt[T any](v T) Opt[T] { return Opt[T]{Value: v, Set: true} }

// Or returns o's value if it is set, else d: the default of an optional
// parameter or property.
func Or[T any](o Opt[T], d T) T {
	if o.Set {
		return o.Value
	}
	return d
}

// Nullable holds a value that may be JSON null: Null is true for null.
type Nullable[T any] struct {
	Value T
	Null  bool
}

// NewNullable returns a non-null Nullable holding v.
func NewNullable[T any](v T) Nullable[T] { return Nullable[T]{Value: v} }

// OptNullable holds an optional value that may also be null: absent when Set
// is false, null when Set and Null are true.
type OptNullable[T any] struct {
	Value T
	Set   bool
	Null  bool
}

// NewOptNullable returns a set, non-null OptNullable holding v.
func NewOptNullable[T any](v T) OptNullable[T] { return OptNullable[T]{Value: v, Set: true} }

// Raw is a JSON value kept as text, for free-form schemas ({} or an object
// with no properties). It round-trips exactly, up to insignificant white
// space. A nil Raw is absent in an optional field and null elsewhere.
type Raw []byte
