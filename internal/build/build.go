// Package build turns a loaded spec into the IR: it names every schema that
// needs a Go type, maps formats to Go types, and collects operations. It is
// the only stage that reads both the spec model and the IR.
package build

import (
	"fmt"
	"go/token"
	"math"
	"math/big"
	"net/http"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/pb33f/go-yaml"

	"github.com/oasgen/oasgen/internal/ir"
	"github.com/oasgen/oasgen/internal/spec"
)

// reservedMethods are the method names generated types carry; a field of
// the same name is renamed.
var reservedMethods = map[string]bool{
	"EncodeJSON": true, "DecodeJSON": true, "AppendJSON": true, "MarshalJSON": true, "UnmarshalJSON": true,
	"MarshalJSONTo": true, "UnmarshalJSONFrom": true, // oas_jsonv2_gen.go
	"Validate":     true,
	"ValidateWith": true, // models split into packages (gen.Options.ModelPackages)
}

type builder struct {
	s      *spec.Spec
	ns     *ir.Namespace
	byNode map[*yaml.Node]ir.Decl
	// filled are the components filled from schemas of their own, for
	// their whole-value checks (whole.go).
	filled []component
	// wholes are the whole-value checks built, by schema, shared by
	// every check that reaches the schema (whole.go).
	wholes map[*yaml.Node]*wholeSchema
	// enumDefaults set the defaults of properties whose enum was not
	// built yet, once the components are (setDefault).
	enumDefaults []func()
	// keywordsChecked holds the schemas whose keywords ignoredKeywords
	// and checkKeywords have looked at.
	keywordsChecked map[*yaml.Node]bool
	// inParts holds the schemas whose free-form checks kindParts is
	// making: one met again below itself ($ref back to it from an if,
	// allOf or contains it holds) would be inlined forever.
	inParts map[*yaml.Node]bool
	// enumsDone holds the schemas whose enum and const exactEnum has
	// made exact.
	enumsDone map[*spec.Schema]bool
	decls     []ir.Decl
	diags     []ir.Diagnostic
	// subject is what the warnings being made are about (about).
	subject any
	// opOf finds the operation built from a spec operation.
	opOf   map[*spec.Operation]*ir.Operation
	ops    []*ir.Operation
	hooks  []*ir.Operation // the webhooks' operations
	cbs    []*ir.Operation // the callbacks' operations
	unions []*ir.Union
	// nullMembers are the oneOf unions with a member that says it takes
	// null (nullExclusive).
	nullMembers map[*ir.Union]bool
	// inline holds the declarations of inline schemas, which may be
	// merged with copies of them (share.go).
	inline map[ir.Decl]bool
	errs   []error
	// schemes are the security schemes by name.
	schemes map[string]*ir.SecurityScheme
	secList []*ir.SecurityScheme
	opts    Options
	// pageSpecs are the operations' x-oasgen-pagination (pages.go).
	pageSpecs map[*ir.Operation]*pageSpec
}

// Options change how a spec is built.
type Options struct {
	// UncheckedPatterns is what generation does by default now: a
	// pattern with no RE2 form is a warning and is left unchecked. Kept so
	// that configs and scripts that set it still work.
	UncheckedPatterns bool
	// FormatAnnotations makes the formats of strings annotations, as JSON
	// Schema 2020-12 says by default: a string's format neither checks it
	// nor gives it a Go type of its own (date-time stays a string).
	FormatAnnotations bool
	// Pages declares the pagination of operations by operationId, from
	// the config file (pages.go).
	Pages map[string]*PageDecl
	// KeepCopies declares every inline schema as a type of its own, even
	// one that is a copy of another (share.go): lint reports each place.
	KeepCopies bool
	// noWhole leaves out whole-value checks (whole.go), for the tests of
	// the warnings they replace.
	noWhole bool
}

// FormatAnnotationsFlag is the generate flag that sets
// Options.FormatAnnotations.
const FormatAnnotationsFlag = "-format-annotations"

// UncheckedPatternsFlag is the generate flag that sets
// Options.UncheckedPatterns; errors name it as the way out.
const UncheckedPatternsFlag = "-unchecked-patterns"

// Package builds the IR of s.
func Package(s *spec.Spec, opts Options) (*ir.Package, error) {
	b := &builder{s: s, ns: ir.NewNamespace(), byNode: map[*yaml.Node]ir.Decl{}, opOf: map[*spec.Operation]*ir.Operation{}, inline: map[ir.Decl]bool{}, opts: opts}
	b.components()
	for _, set := range b.enumDefaults {
		set()
	}
	b.securitySchemes()
	b.operations()
	b.webhooks()
	b.callbacks()
	b.skipped()
	b.finishUnions()
	for _, c := range b.filled {
		if !opts.noWhole {
			b.wholeCheck(c.decl, c.sch) // whole.go: once every warning is in
		}
	}
	b.factsOrTrial()
	b.configPages()
	for _, o := range b.ops {
		restore := b.about(o)
		b.pages(o) // pages.go: once every type is complete
		restore()
	}
	if len(b.errs) > 0 {
		return nil, joinErrs(b.errs)
	}
	b.shareCopies()
	breakCycles(b.decls)
	b.nameConstants()
	pkg := &ir.Package{Decls: b.decls, Operations: b.ops, Webhooks: b.hooks, Callbacks: b.cbs, SecuritySchemes: b.secList}
	b.nameAPI(pkg)
	pkg.Diagnostics = b.diags
	return pkg, nil
}

func joinErrs(errs []error) error {
	if len(errs) == 1 {
		return errs[0]
	}
	return &errorList{errs}
}

// errorList is several errors, one a line; past ten, it says how many more.
type errorList struct{ errs []error }

func (l *errorList) Error() string {
	msgs := make([]string, 0, len(l.errs))
	for i, e := range l.errs {
		if i == 10 {
			msgs = append(msgs, fmt.Sprintf("and %d more errors", len(l.errs)-10))
			break
		}
		msgs = append(msgs, e.Error())
	}
	return strings.Join(msgs, "\n")
}

func (l *errorList) Unwrap() []error { return l.errs }

// UnsupportedError is a positioned error for what a valid spec asks and
// oasgen cannot generate (a pattern with no RE2 form), as opposed to an
// error of the spec's own.
type UnsupportedError struct{ Err *spec.Error }

func (e *UnsupportedError) Error() string { return e.Err.Error() }
func (e *UnsupportedError) Unwrap() error { return e.Err }

func (b *builder) pos(s *spec.Schema) ir.Pos {
	f, l, c := b.s.Pos(s)
	return ir.Pos{File: f, Line: l, Col: c}
}

func (b *builder) errorf(pos ir.Pos, format string, args ...any) {
	b.errs = append(b.errs, &spec.Error{File: pos.File, Line: pos.Line, Col: pos.Col, Msg: fmt.Sprintf(format, args...)})
}

// warnf records a warning of class c at pos.
func (b *builder) warnf(c *warnClass, pos ir.Pos, format string, args ...any) {
	b.diags = append(b.diags, ir.Diagnostic{Pos: pos, Msg: fmt.Sprintf(format, args...), Class: c.name, Advice: c.advice, Of: b.subject})
}

// about makes s the subject of the warnings that follow, until the
// returned function restores the one before.
func (b *builder) about(s any) (restore func()) {
	old := b.subject
	b.subject = s
	return func() { b.subject = old }
}

// components declares every schema in components/schemas. Names are claimed
// for all of them before any is filled, so an inline schema never takes a
// component's name.
func (b *builder) components() {
	c := b.s.Doc.Components
	if c == nil || c.Schemas == nil {
		return
	}
	type pending struct {
		decl ir.Decl
		sch  *spec.Schema
		sp   *spec.SchemaProxy // set for a component that is only a $ref
	}
	var todo []pending
	byPointer := map[string]ir.Decl{}
	for name, sp := range c.Schemas.FromOldest() {
		sch := b.resolve(sp, ir.Pos{File: b.s.File})
		if sch == nil {
			continue
		}
		pointer := "#/components/schemas/" + name
		if !sp.IsReference() {
			b.exactEnum(sch, pointer) // before any use reads its enum
		}
		if sp.IsReference() {
			// A component that only refers to another schema is that
			// schema under a second name: a Go alias of its type, filled
			// once every component is declared.
			d := &ir.Alias{Common: ir.Common{GoName: b.ns.Claim(ir.GoNameOr(name, "Schema"), "Type"), Pointer: pointer, Pos: b.pos(sch)}}
			b.decls = append(b.decls, d)
			byPointer[pointer] = d
			todo = append(todo, pending{d, sch, sp})
			continue
		}
		if ext := b.goTypeExt(sch, pointer); ext != nil {
			// A component the user maps to a Go type of their own: its
			// name is an alias of that type.
			d := &ir.Alias{Common: ir.Common{GoName: b.ns.Claim(ir.GoNameOr(name, "Schema"), "Type"), Pointer: pointer, Pos: b.pos(sch), Doc: docOf(sch)}, Type: ext}
			b.decls = append(b.decls, d)
			byPointer[pointer] = d
			if n := rootNode(sch); n != nil {
				b.byNode[n] = d
			}
			continue
		}
		d := b.declare(sch, ir.GoNameOr(name, "Schema"), pointer)
		byPointer[pointer] = d
		todo = append(todo, pending{d, sch, nil})
	}
	b.subtypeUnions(c.Schemas, byPointer)
	for _, p := range todo {
		if p.sp == nil {
			b.fill(p.decl, p.sch)
			b.filled = append(b.filled, component{p.decl, p.sch})
			continue
		}
		a := p.decl.(*ir.Alias)
		if target, ok := byPointer[p.sp.GetReference()]; ok {
			// A reference to another component names it directly (loops
			// of such references are rejected when the spec is loaded).
			a.Type = &ir.Ref{Decl: target}
			continue
		}
		a.Type = b.typeOf(p.sp, p.sch, a.GoName, a.Pointer)
		if n, ok := a.Type.(*ir.Nullable); ok {
			a.Type = n.Elem
		}
	}
}

// resolve returns the schema behind a proxy, reporting a broken reference.
func (b *builder) resolve(sp *spec.SchemaProxy, at ir.Pos) *spec.Schema {
	sch, err := sp.BuildSchema()
	if err != nil || sch == nil {
		pos := at
		if n := sp.GetValueNode(); n != nil {
			pos = b.nodePos(n)
		}
		msg := "cannot resolve schema"
		if ref := sp.GetReference(); ref != "" {
			msg = "cannot resolve $ref " + strconv.Quote(ref)
		}
		if err != nil {
			msg += ": " + err.Error()
		}
		b.errorf(pos, "%s", msg)
		return nil
	}
	return sch
}

// setDefault sets property f's default from n, once its type is complete:
// an enum declared after the property has no values yet, and its defaults
// are checked when the components are built.
func (b *builder) setDefault(f *ir.Field, n *yaml.Node, pointer string) {
	t := f.Type
	if nt, ok := t.(*ir.Nullable); ok {
		t = nt.Elem
	}
	if r, ok := t.(*ir.Ref); ok {
		if e, ok := r.Decl.(*ir.Enum); ok && len(e.Values) == 0 {
			subject := b.subject // a warning is about the property's type, as now
			b.enumDefaults = append(b.enumDefaults, func() {
				defer b.about(subject)()
				f.Default = b.defaultOf(n, f.Type, pointer)
			})
			return
		}
	}
	f.Default = b.defaultOf(n, f.Type, pointer)
}

// defaultOf checks a property's default against its type and returns it
// as a value decoders can apply, or nil with a warning where oasgen does
// not apply it (objects, arrays, formats with Go types of their own).
func (b *builder) defaultOf(n *yaml.Node, t ir.Type, pointer string) *ir.Default {
	pos := b.nodePos(n)
	if n.Tag == "!!null" {
		return nil // the same as no default
	}
	skip := func(why string) *ir.Default {
		b.warnf(classDefault, pos, "%s: default %s is not applied: %s", pointer, strconv.Quote(n.Value), why)
		return nil
	}
	if n.Kind != yaml.ScalarNode {
		return skip("only scalar defaults are")
	}
	if nt, ok := t.(*ir.Nullable); ok {
		t = nt.Elem
	}
	def := &ir.Default{Text: n.Value}
	switch u := t.(type) {
	case *ir.Ref:
		e, ok := u.Decl.(*ir.Enum)
		if !ok {
			return skip("only scalar defaults are")
		}
		for _, v := range e.Values {
			if e.Base.Kind == ir.String && v.Str == n.Value || e.Base.Kind != ir.String && strconv.FormatInt(v.Int, 10) == n.Value {
				def.Enum = v
				return def
			}
		}
		return skip("it is not one of the enum's values")
	case *ir.Prim:
		var err error
		switch {
		case u.Kind == ir.String:
			if n.Tag != "!!str" {
				return skip("the property is a string")
			}
		case u.Kind == ir.Bool:
			if n.Value != "true" && n.Value != "false" {
				return skip("the property is a boolean")
			}
		case u.Kind == ir.Int32:
			_, err = strconv.ParseInt(n.Value, 10, 32)
		case u.Kind == ir.Int64:
			_, err = strconv.ParseInt(n.Value, 10, 64)
		case u.Kind == ir.Uint32:
			_, err = strconv.ParseUint(n.Value, 10, 32)
		case u.Kind == ir.Uint64:
			_, err = strconv.ParseUint(n.Value, 10, 64)
		case u.Kind.IsFloat():
			_, err = strconv.ParseFloat(n.Value, 64)
		default:
			return skip("formats with a Go type of their own are not")
		}
		if err != nil || n.Tag == "!!str" && u.Kind != ir.String {
			return skip("it is not a value of the property's type")
		}
		if why := breaks(u, n.Value); why != "" {
			// JSON Schema's default is an annotation: applied, it would
			// make an object without the property fail.
			return skip("it breaks the property's own schema (" + why + ")")
		}
		return def
	}
	return skip("only scalar defaults are")
}

// breaks returns which of p's checks the default text (a value of p's
// kind) fails, or "": lengths in code points and pattern for strings,
// bounds and multipleOf for numbers.
func breaks(p *ir.Prim, text string) string {
	if p.Kind == ir.String {
		n := int64(utf8.RuneCountInString(text))
		switch {
		case p.MinLength != nil && n < *p.MinLength:
			return "minLength"
		case p.MaxLength != nil && n > *p.MaxLength:
			return "maxLength"
		}
		for _, re := range p.Regexps {
			if m, err := regexp.MatchString(re.Expr, text); err == nil && m != re.Match {
				return "pattern"
			}
		}
		return ""
	}
	v, ok := new(big.Rat).SetString(text)
	if !ok || p.Kind == ir.Bool {
		return ""
	}
	switch {
	case p.Minimum != nil && (v.Cmp(p.Minimum) < 0 || p.ExclusiveMinimum && v.Cmp(p.Minimum) == 0):
		return "minimum"
	case p.Maximum != nil && (v.Cmp(p.Maximum) > 0 || p.ExclusiveMaximum && v.Cmp(p.Maximum) == 0):
		return "maximum"
	case p.MultipleOf != nil && p.MultipleOf.Sign() != 0 && !new(big.Rat).Quo(v, p.MultipleOf).IsInt():
		return "multipleOf"
	}
	return ""
}

// extension returns the value of a schema's extension key and where it is,
// or nil.
func (b *builder) extension(sch *spec.Schema, key string) (*yaml.Node, ir.Pos) {
	if sch == nil || sch.Extensions == nil {
		return nil, ir.Pos{}
	}
	n, ok := sch.Extensions.Get(key)
	if !ok || n == nil {
		return nil, ir.Pos{}
	}
	return n, ir.Pos{File: b.pos(sch).File, Line: n.Line, Col: n.Column}
}

// goTypeExt returns the Go type a schema names with x-go-type
// ("math/big.Int", "github.com/shopspring/decimal.Decimal"), or nil.
func (b *builder) goTypeExt(sch *spec.Schema, pointer string) *ir.External {
	n, pos := b.extension(sch, "x-go-type")
	if n == nil {
		return nil
	}
	v := strings.TrimSpace(n.Value)
	path, name := "", v
	if i := strings.LastIndexByte(v, '.'); i >= 0 {
		path, name = v[:i], v[i+1:]
	}
	if n.Kind != yaml.ScalarNode || !token.IsIdentifier(name) || !token.IsExported(name) ||
		path == "" || strings.ContainsAny(path, " \t\"'`") || strings.HasSuffix(path, "/") {
		b.errorf(pos, "%s: x-go-type %q is not an import path and type name such as \"math/big.Int\"", pointer, n.Value)
		return nil
	}
	return &ir.External{Path: path, Name: name}
}

// goNameExt returns the Go name a schema asks for with x-go-name, checking
// that it is an exported identifier not already taken in ns.
func (b *builder) goNameExt(sch *spec.Schema, pointer string, ns *ir.Namespace) (string, bool) {
	n, pos := b.extension(sch, "x-go-name")
	if n == nil {
		return "", false
	}
	if n.Kind != yaml.ScalarNode || !token.IsIdentifier(n.Value) || !token.IsExported(n.Value) {
		b.errorf(pos, "%s: x-go-name %q is not an exported Go identifier", pointer, n.Value)
		return "", false
	}
	if ns.Taken(n.Value) || reservedMethods[n.Value] {
		// allOf can bring the same property twice; a name clash is not
		// worth failing the spec for.
		b.warnf(classGoName, pos, "%s: x-go-name %q is already taken; the usual name is used", pointer, n.Value)
		return "", false
	}
	return n.Value, true
}

// declare creates the Decl for a schema that gets a name of its own, without
// filling it, and registers it so $refs to the schema find it.
func (b *builder) declare(sch *spec.Schema, name, pointer string) ir.Decl {
	// x-go-name names a component's type; on a property's inline schema
	// it names the field (fillStruct), not the type.
	if strings.HasPrefix(pointer, "#/components/schemas/") && !strings.Contains(strings.TrimPrefix(pointer, "#/components/schemas/"), "/") {
		if goName, ok := b.goNameExt(sch, pointer, b.ns); ok {
			name = goName
		}
	}
	d := b.newDecl(sch, name, pointer)
	if n := rootNode(sch); n != nil {
		b.byNode[n] = d
	}
	return d
}

// newDecl creates the Decl for a schema, named after name, without
// registering it under the schema's node.
func (b *builder) newDecl(sch *spec.Schema, name, pointer string) ir.Decl {
	b.exactEnum(sch, pointer)
	c := ir.Common{
		GoName:  b.ns.Claim(name, "Type"),
		Pointer: pointer,
		Pos:     b.pos(sch),
		Doc:     docOf(sch),
	}
	var d ir.Decl
	switch {
	case isEnum(sch):
		d = &ir.Enum{Common: c}
	case isUnion(sch):
		d = &ir.Union{Common: c}
	case isStruct(sch):
		d = &ir.Struct{Common: c}
	case isTuple(sch):
		d = &ir.Tuple{Common: c}
	default:
		d = &ir.Alias{Common: c}
	}
	b.decls = append(b.decls, d)
	return d
}

func rootNode(sch *spec.Schema) *yaml.Node { return sch.Node }

func docOf(sch *spec.Schema) ir.Doc {
	return ir.Doc{Title: sch.Title, Description: sch.Description, Deprecated: sch.Deprecated != nil && *sch.Deprecated}
}

// types returns the schema's types without "null", and whether null is
// allowed (3.0 nullable, 3.1 type arrays, or null among the enum values).
func types(sch *spec.Schema) (ts []string, nullable bool) {
	for _, t := range sch.Type {
		if t == "null" {
			nullable = true
		} else {
			ts = append(ts, t)
		}
	}
	if sch.Nullable != nil && *sch.Nullable {
		nullable = true
	}
	// A null member of the enum makes the schema nullable where its type
	// allows null (exactEnum leaves it out where it does not).
	for _, e := range sch.Enum {
		if e.Tag == "!!null" && (len(sch.Type) == 0 || nullable) {
			nullable = true
		}
	}
	if len(ts) == 0 && (unionNull(sch, 0) || allOfNull(sch, 0)) {
		nullable = true // (a type beside the union that leaves out null rules it out)
	}
	if slices.Contains(sch.Type, "null") && len(sch.OneOf)+len(sch.AnyOf) > 0 && isUnion(sch) {
		// {type: [object, null], oneOf: [...]}: null too must match the
		// union (3.0's nullable beside oneOf keeps its meaning: null).
		nullable = unionNull(sch, 0)
	}
	if nullable && !listsNull(sch) && (sch.Nullable == nil || !*sch.Nullable) {
		// The type or a member allows null, but the enum or const does
		// not (3.0's nullable: true beside an enum adds null to it, as
		// enumAny does).
		nullable = false
	}
	return ts, nullable
}

// listsNull reports whether a schema's enum or const allows null, or it
// has neither.
func listsNull(s *spec.Schema) bool {
	if s.Const != nil {
		return s.Const.Tag == "!!null"
	}
	return !s.HasEnum || slices.ContainsFunc(s.Enum, func(e *yaml.Node) bool { return e.Tag == "!!null" })
}

// unionNull reports whether a schema's oneOf or anyOf takes null by a
// member that says so ({type: null}, a type or enum with null, 3.0's
// nullable, a union that does): then the union's uses are nullable, and
// its variants are not. A oneOf takes null when exactly one member does;
// with a member without type beside it (which may take null too), null
// is left to the union's decoder and its whole-value check (fillUnion
// warns), so the uses are not nullable.
func unionNull(sch *spec.Schema, depth int) bool {
	members, oneOf := sch.OneOf, true
	if len(members) == 0 {
		members, oneOf = sch.AnyOf, false
	}
	explicit, loose := 0, 0
	for _, sp := range members {
		ms, err := sp.BuildSchema()
		switch {
		case err != nil || ms == nil:
		case memberNull(ms, depth):
			explicit++
		case looseMember(ms):
			loose++
		}
	}
	if !oneOf {
		return explicit > 0
	}
	return explicit == 1 && loose == 0
}

// allOfNull reports whether a schema's allOf takes null: a member says
// so (3.0's {type: object, nullable: true}) and every other member takes
// it too, saying so or saying nothing of null ({readOnly: true}).
func allOfNull(sch *spec.Schema, depth int) bool {
	explicit := false
	for _, sp := range sch.AllOf {
		ms, err := sp.BuildSchema()
		switch {
		case err != nil || ms == nil:
			return false
		case memberNull(ms, depth):
			explicit = true
		case !looseMember(ms):
			return false
		}
	}
	return explicit
}

// memberNull reports whether a member of a union says it takes null.
func memberNull(ms *spec.Schema, depth int) bool {
	if !listsNull(ms) {
		return false // {type: null, const: b1} takes no value at all
	}
	if slices.Contains(ms.Type, "null") || ms.Nullable != nil && *ms.Nullable {
		return true
	}
	if slices.ContainsFunc(ms.Enum, func(e *yaml.Node) bool { return e.Tag == "!!null" }) {
		return true
	}
	return depth < 8 && len(ms.Type) == 0 && (unionNull(ms, depth+1) || allOfNull(ms, depth+1))
}

// looseMember reports whether a union member may take null without saying
// so: a schema without type, enum, const or composition ({}, true).
func looseMember(ms *spec.Schema) bool {
	return len(ms.Type) == 0 && len(ms.Enum) == 0 && ms.Const == nil && !isFalse(ms) && ms.Not == nil &&
		len(ms.AllOf)+len(ms.AnyOf)+len(ms.OneOf) == 0
}

// isNullSchema reports whether a schema accepts only null ({type: "null"},
// or an anyOf or oneOf of such schemas only, as {anyOf: [{type: "null"}]}).
func isNullSchema(s *spec.Schema) bool {
	return isNullSchemaDepth(s, 0)
}

func isNullSchemaDepth(s *spec.Schema, depth int) bool {
	if len(s.Type) == 1 && s.Type[0] == "null" || len(s.Type) == 0 && len(s.Enum) == 1 && s.Enum[0].Tag == "!!null" {
		return listsNull(s) // {type: null, const: 2} allows no value
	}
	if len(s.Type) > 0 || len(s.AllOf) > 0 || len(s.AnyOf) > 0 == (len(s.OneOf) > 0) || depth > 8 {
		return false // exactly one of anyOf and oneOf, nothing else
	}
	for _, sp := range slices.Concat(s.AnyOf, s.OneOf) {
		ms, err := sp.BuildSchema()
		if err != nil || ms == nil || !isNullSchemaDepth(ms, depth+1) {
			return false
		}
	}
	return s.Properties == nil && s.Items == nil
}

// enumValues returns a schema's enum values, or its const as the one value
// when it has no enum: a string or integer const is an enum of one.
func enumValues(sch *spec.Schema) []*yaml.Node {
	if len(sch.Enum) == 0 && sch.Const != nil && (sch.Const.Tag == "!!str" || sch.Const.Tag == "!!int") {
		return []*yaml.Node{sch.Const}
	}
	return sch.Enum
}

// emptyEnum reports whether sch has an enum of no values, which no value
// matches.
func emptyEnum(sch *spec.Schema) bool { return sch.HasEnum && len(sch.Enum) == 0 }

func isEnum(sch *spec.Schema) bool {
	enum := enumValues(sch)
	if len(enum) == 0 {
		return false
	}
	ts, _ := types(sch)
	if len(ts) == 0 {
		// Values all strings or all integers (null aside) make a Go
		// enum; values of mixed kinds (6, "foo", []) are compared as
		// JSON on a free-form value (shapeNonNull).
		tag := ""
		for _, e := range enum {
			switch {
			case e.Tag == "!!null":
			case e.Tag != "!!str" && e.Tag != "!!int" || tag != "" && e.Tag != tag:
				return false
			default:
				tag = e.Tag
			}
		}
		return tag != ""
	}
	return len(ts) == 1 && (ts[0] == "string" || ts[0] == "integer")
}

// isTuple reports whether a schema is an array with prefixItems.
func isTuple(sch *spec.Schema) bool {
	if len(sch.PrefixItems) == 0 || len(sch.AllOf) > 0 || valueListed(sch) {
		return false
	}
	ts, _ := types(sch)
	return len(ts) == 0 || len(ts) == 1 && ts[0] == "array"
}

// fillTuple fills a tuple from prefixItems: a field per position, named
// Item0, Item1... or by the item schema's x-go-name, and the items after
// them.
func (b *builder) fillTuple(d *ir.Tuple, sch *spec.Schema) {
	names := ir.NewNamespace()
	for k := range reservedMethods {
		names.Claim(k, "")
	}
	var min int64
	if sch.MinItems != nil {
		min = *sch.MinItems
	}
	for i, sp := range sch.PrefixItems {
		pointer := fmt.Sprintf("%s/prefixItems/%d", d.Pointer, i)
		is := b.resolve(sp, d.Pos)
		if is == nil {
			continue
		}
		goName := fmt.Sprintf("Item%d", i)
		if own, ok := b.goNameExt(is, pointer, names); ok && !sp.IsReference() {
			goName = own
		}
		f := &ir.Field{
			GoName:   names.Claim(goName, "Field"),
			Required: int64(i) < min,
			Pos:      b.pos(is),
			Type:     b.typeOf(sp, is, fmt.Sprintf("%sItem%d", d.GoName, i), pointer),
		}
		if !sp.IsReference() {
			f.Doc = docOf(is)
		}
		d.Items = append(d.Items, f)
	}
	switch it := sch.Items; {
	case it == nil:
		d.Rest = &ir.Any{} // JSON Schema allows any items after the prefix
	case it.IsA() && it.A != nil:
		if is := b.resolve(it.A, d.Pos); is != nil {
			d.Rest = b.typeOf(it.A, is, d.GoName+"Rest", d.Pointer+"/items")
		}
	case it.IsB() && it.B:
		d.Rest = &ir.Any{}
	}
	if d.Rest != nil {
		d.RestGoName = names.Claim("Rest", "")
	}
	d.MinItems, d.MaxItems = sch.MinItems, sch.MaxItems
	d.Unique = sch.UniqueItems != nil && *sch.UniqueItems
}

func isStruct(sch *spec.Schema) bool {
	if len(sch.AllOf) > 0 {
		return !valueListed(sch) && passThrough(sch) == nil && hasObjectPart(sch, map[*yaml.Node]bool{})
	}
	ts, _ := types(sch)
	if len(ts) > 1 || len(ts) == 1 && ts[0] != "object" || valueListed(sch) {
		return false // an enum or const alone says which objects are valid
	}
	if sch.Properties != nil && sch.Properties.Len() > 0 || sch.PatternProperties != nil && sch.PatternProperties.Len() > 0 {
		return true
	}
	// An object with no properties that allows no others is an empty
	// struct; one that allows any is free-form, one with a schema for
	// them a map.
	ap := sch.AdditionalProperties
	return len(ts) == 1 && ap != nil && ap.IsB() && !ap.B
}

// constrainsOthers reports whether allOf members other than the i-th carry
// validation keywords, which the type of member i alone does not check.
func constrainsOthers(members []*spec.SchemaProxy, i int) bool {
	for j, sp := range members {
		if j == i {
			continue
		}
		ms, err := sp.BuildSchema()
		if err != nil || ms == nil {
			continue
		}
		if sp.IsReference() || len(ms.Type) > 0 || len(enumValues(ms)) > 0 || ms.Format != "" || ms.Pattern != "" ||
			ms.MinLength != nil || ms.MaxLength != nil || ms.Minimum != nil || ms.Maximum != nil ||
			ms.MinItems != nil || ms.MaxItems != nil || ms.Const != nil ||
			constrains(ms) || len(ms.Required) > 0 || len(ms.AnyOf)+len(ms.OneOf) > 0 {
			return true
		}
		if n := rootNode(ms); n != nil && n.Tag == "!!bool" && n.Value == "false" {
			return true // the schema false
		}
	}
	return false
}

// besideAllOf returns the keywords of sch beside its allOf that constrain
// the value and that the type of an allOf member leaves unchecked: all
// but the annotations (spec.RefAnnotation), type, and the not and const
// that shape applies to that type.
func besideAllOf(sch *spec.Schema) keywordList {
	n := rootNode(sch)
	if n == nil || n.Kind != yaml.MappingNode {
		return nil
	}
	var kws keywordList
	for i := 0; i+1 < len(n.Content); i += 2 {
		switch k := n.Content[i].Value; k {
		case "allOf", "type", "not", "const", "discriminator", "contentMediaType", "contentEncoding", "contentSchema":
		default:
			kws.add(!spec.RefAnnotation(k), k)
		}
	}
	return kws
}

// oneKindKeywords are the keywords that apply to values of one JSON kind
// only.
var oneKindKeywords = map[string]string{
	"minLength": "string", "maxLength": "string", "pattern": "string",
	"minimum": "number", "maximum": "number", "exclusiveMinimum": "number", "exclusiveMaximum": "number", "multipleOf": "number",
	"minItems": "array", "maxItems": "array", "uniqueItems": "array", "items": "array", "prefixItems": "array",
	"contains": "array", "minContains": "array", "maxContains": "array", "unevaluatedItems": "array",
	"minProperties": "object", "maxProperties": "object", "required": "object", "properties": "object",
	"patternProperties": "object", "additionalProperties": "object", "dependentRequired": "object",
	"dependentSchemas": "object", "propertyNames": "object", "unevaluatedProperties": "object",
}

// besideFor returns the keywords of kws that may apply to a value of the
// schema ms: when ms has one type, those of another kind apply to no
// value it takes (minLength beside a $ref to an object).
func besideFor(kws keywordList, ms *spec.Schema) keywordList {
	ts, _ := types(ms)
	if len(ts) != 1 || len(kws) == 0 {
		return kws
	}
	kind := ts[0]
	if kind == "integer" {
		kind = "number"
	}
	var out keywordList
	for _, k := range kws {
		if kk, ok := oneKindKeywords[k]; !ok || kk == kind {
			out = append(out, k)
		}
	}
	return out
}

// allowsTypes reports whether the types outer allow every value of the
// types inner (an integer is a number); inner empty allows any value.
func allowsTypes(outer, inner []string) bool {
	if len(inner) == 0 {
		return false
	}
	for _, t := range inner {
		if !slices.Contains(outer, t) && !(t == "integer" && slices.Contains(outer, "number")) {
			return false
		}
	}
	return true
}

// hasObjectPart reports whether a schema or one of its allOf members is an
// object with properties. seen holds the schemas looked at already: each
// is looked at once, however many allOf lists refer to it (or back).
func hasObjectPart(sch *spec.Schema, seen map[*yaml.Node]bool) bool {
	if sch.Properties != nil || len(sch.Type) == 1 && sch.Type[0] == "object" {
		return true
	}
	if n := rootNode(sch); n != nil {
		if seen[n] {
			return false
		}
		seen[n] = true
	}
	for _, sp := range sch.AllOf {
		if ms, err := sp.BuildSchema(); err == nil && ms != nil && hasObjectPart(ms, seen) {
			return true
		}
	}
	return false
}

// fill completes a declared Decl from its schema.
func (b *builder) fill(d ir.Decl, sch *spec.Schema) {
	defer b.about(d)()
	p, _ := d.Origin()
	b.exactEnum(sch, p)
	_, alias := d.(*ir.Alias) // shaped: may be a free-form value
	b.ignoredKeywords(sch, p, alias)
	switch d := d.(type) {
	case *ir.Struct:
		b.fillStruct(d, sch)
		b.declConst(sch, d.Pointer)
	case *ir.Enum:
		b.fillEnum(d, sch)
	case *ir.Union:
		b.fillUnion(d, sch)
		if !d.Types { // a union of types applies the const to its variants
			b.declConst(sch, d.Pointer)
		}
		if sch.Not != nil {
			b.warnf(classNot, d.Pos, "%s/not: not beside oneOf, anyOf or several types is not checked", d.Pointer)
		}
	case *ir.Tuple:
		b.fillTuple(d, sch)
		b.declConst(sch, d.Pointer)
		if sch.Not != nil {
			b.warnf(classNot, d.Pos, "%s/not: not on a tuple is not checked", d.Pointer)
		}
	case *ir.Alias:
		t := b.shape(sch, d.GoName, d.Pointer)
		for {
			// A named nullable schema: the type is the value, and its
			// uses are nullable. (A nullable allOf member made a nullable
			// shape nullable again: {type: [null], allOf: [{type: [boolean, null]}]}.)
			n, ok := t.(*ir.Nullable)
			if !ok {
				break
			}
			t = n.Elem
		}
		if refersTo(t, d) {
			// A: {allOf: [{$ref: A}]}: nothing but itself, which JSON
			// Schema would apply to the value forever.
			b.warnf(classRefCycle, d.Pos, "%s: refers to nothing but itself ($ref cycle with no schema on the way); any value is accepted", d.Pointer)
			t = &ir.Any{}
		}
		d.Type = t
	}
}

// refersTo reports whether t is the declaration d itself, through
// nullable wrappers and aliases: an alias of that type, or a union
// holding it as a variant, would be an invalid recursive Go type.
func refersTo(t ir.Type, d ir.Decl) bool {
	seen := map[*ir.Alias]bool{}
	for {
		switch u := t.(type) {
		case *ir.Nullable:
			t = u.Elem
		case *ir.Ref:
			if u.Decl == d {
				return true
			}
			a, ok := u.Decl.(*ir.Alias)
			if !ok || seen[a] {
				return false
			}
			seen[a] = true
			t = a.Type
		default:
			return false
		}
	}
}

func (b *builder) fillStruct(d *ir.Struct, sch *spec.Schema) {
	o := b.parts(sch, d.Pos)
	req := map[string]bool{}
	for _, r := range o.required {
		req[r] = true
	}
	fieldNames := ir.NewNamespace()
	for k := range reservedMethods {
		fieldNames.Claim(k, "")
	}
	d.Other = b.otherKinds(sch, d.Pointer)
	if kinds, typed := allOfKinds(sch, map[*yaml.Node]bool{}); len(sch.AllOf) > 0 && typed && !slices.Contains(kinds, "object") {
		// Members of other kinds: the struct holds what its object
		// members say, a value of another kind its OtherKind, and the
		// whole-value check, where there is one, the rest.
		d.Other = &ir.Any{}
		what := "allow no value at all"
		if len(kinds) > 0 {
			what = "allow " + strings.Join(kinds, ", ") + ", no object"
		}
		b.warnf(classAllOf, d.Pos, "%s: the types of allOf's members %s, but its object members make a struct: the members of other kinds are not checked", d.Pointer, what)
	}
	b.constraintUnion(sch, d.Pointer)
	if d.Other != nil {
		fieldNames.Claim("OtherKind", "") // the embedded oasimpl.OtherKind
	}
	{
		for _, pr := range o.props {
			name, sp, ps := pr.name, pr.sp, pr.sch
			goName := ir.GoNameOr(name, "Field")
			if reservedMethods[goName] {
				goName += "Field"
			}
			if own, ok := b.goNameExt(ps, d.Pointer+"/properties/"+name, fieldNames); ok && !sp.IsReference() {
				goName = own
			}
			f := &ir.Field{
				GoName:   fieldNames.Claim(goName, "Field"),
				JSONName: name,
				Required: req[name],
				Pos:      b.pos(ps),
			}
			if k := sp.KeyNode(); k != nil {
				// Where the property is declared, even when its schema
				// is a $ref to somewhere else.
				f.Pos = ir.Pos{File: d.Pos.File, Line: k.Line, Col: k.Column}
			}
			if !sp.IsReference() {
				// A $ref's target documents itself, on its own type.
				f.Doc = docOf(ps)
			}
			if pr.only != nil {
				f.Type = pr.only // allOf's members leave it no value (disjointProp)
			} else {
				f.Type = b.typeOf(sp, ps, d.GoName+ir.NamePart(name), d.Pointer+"/properties/"+name)
			}
			f.ReadOnly = ps.ReadOnly != nil && *ps.ReadOnly
			f.WriteOnly = ps.WriteOnly != nil && *ps.WriteOnly
			def := b.refAnnotations(sp, f, d.Pointer+"/properties/"+name)
			if def == nil {
				def = ps.Default
			}
			if def != nil && !f.Required && pr.only == nil {
				b.setDefault(f, def, d.Pointer+"/properties/"+name)
			}
			d.Fields = append(d.Fields, f)
			delete(req, name)
		}
	}
	// Required names with no property: decoding checks that the object
	// has them, whatever their value (lint reports them).
	for _, r := range o.required {
		if req[r] {
			d.Undeclared = append(d.Undeclared, r)
			delete(req, r) // a name listed twice
		}
	}
	if ap := o.ap; ap != nil {
		switch {
		case ap.IsA() && ap.A != nil:
			if aps := b.resolve(ap.A, d.Pos); aps != nil {
				d.Additional = b.typeOf(ap.A, aps, d.GoName+"Value", d.Pointer+"/additionalProperties")
			}
			if membersDeclare(sch) {
				b.warnf(classAllOf, d.Pos, "%s: additionalProperties with allOf is not checked on the members' properties; JSON Schema checks every property not beside it, in the same schema", d.Pointer)
			}
		case ap.IsB() && ap.B:
			d.Additional = &ir.Any{}
		case ap.IsB():
			d.Closed = true
			if len(sch.AllOf) > 0 {
				b.warnf(classAllOf, d.Pos, "%s: additionalProperties: false with allOf allows the properties of every member; JSON Schema allows only those beside it, in the same schema", d.Pointer)
			}
		}
	}
	if o.minProps != nil && *o.minProps > int64(len(dedupe(o.required))) && d.Additional == nil && !d.Closed {
		// minProperties counts every member: the struct keeps those it
		// does not declare, so that decoding, Validate and encoding
		// count the same ones. (The required names alone may make
		// minProperties hold.)
		d.Additional = &ir.Any{}
	}
	if d.Additional != nil {
		d.AdditionalGoName = fieldNames.Claim("AdditionalProperties", "")
	}
	for i, pp := range o.patterns {
		pointer := d.Pointer + "/patternProperties/" + pp.name
		res, err := TranslatePattern(pp.name)
		if err != nil {
			pos := b.pos(pp.sch)
			if k := pp.sp.KeyNode(); k != nil { // the pattern is the key
				pos = ir.Pos{File: d.Pos.File, Line: k.Line, Col: k.Column}
			}
			// No RE2 form (lookarounds, backreferences): deciding them
			// takes backtracking, which is not linear in the input, and a
			// valid schema never stops generation.
			b.warnf(classPattern, pos, "%s: pattern %s is not checked: %v; the properties it names are additional", pointer, quotePattern(pp.name), err)
			continue
		}
		name := "PatternProperties"
		if len(o.patterns) > 1 {
			name += strconv.Itoa(i + 1)
		}
		d.Patterns = append(d.Patterns, &ir.PatternProps{
			Pattern: pp.name,
			Regexps: res,
			Type:    b.typeOf(pp.sp, pp.sch, d.GoName+"Pattern"+strconv.Itoa(i+1), pointer),
			GoName:  fieldNames.Claim(name, ""),
		})
	}
	b.patternOverlaps(d)
	d.MinProps, d.MaxProps = o.minProps, o.maxProps
	b.structNot(d, o.nots)
	if d.Additional == nil && len(d.Patterns) == 0 {
		// A Go value has no place for them: what decoding checks,
		// encoding cannot write.
		for _, r := range d.Undeclared {
			b.warnf(classRequired, d.Pos, "%s: required property %q is not defined: decoding checks that the object has it, but no field holds its value, so encoding leaves it out", d.Pointer, r)
		}
	}
}

func (b *builder) fillEnum(d *ir.Enum, sch *spec.Schema) {
	ts, _ := types(sch)
	isInt := len(ts) == 1 && ts[0] == "integer"
	if len(ts) == 0 {
		isInt = true
		for _, e := range enumValues(sch) {
			if e.Tag == "!!str" {
				isInt = false
			}
		}
	}
	if isInt {
		d.Base = b.prim(sch, "integer", d.Pointer)
	} else {
		d.Base = &ir.Prim{Kind: ir.String}
	}
	seen := map[string]bool{}
	for _, e := range enumValues(sch) {
		if e.Tag == "!!null" {
			continue
		}
		v := &ir.EnumValue{Str: e.Value}
		if isInt {
			n, err := strconv.ParseInt(e.Value, 10, 64)
			if r, ok := new(big.Rat).SetString(e.Value); err != nil && ok && r.IsInt() && r.Num().IsInt64() {
				n, err = r.Num().Int64(), nil // 2.0: an integer in JSON Schema
			}
			if err != nil {
				b.warnf(classEnum, ir.Pos{File: d.Pos.File, Line: e.Line, Col: e.Column}, "%s: enum value %s is not an int64; no value can match it, it is left out", d.Pointer, e.Value)
				continue
			}
			if !fitsKind(n, d.Base.Kind) {
				// {format: uint32, enum: [-2]}: no value of the format
				// equals it, and the Go constant would not compile.
				b.warnf(classEnum, ir.Pos{File: d.Pos.File, Line: e.Line, Col: e.Column}, "%s: enum value %s is out of the range of format %s; no value can match it, it is left out", d.Pointer, e.Value, sch.Format)
				continue
			}
			v.Int, v.Str = n, strconv.FormatInt(n, 10)
		}
		if seen[v.Str] {
			continue // duplicate values are harmless; one constant each
		}
		seen[v.Str] = true
		d.Values = append(d.Values, v)
	}
	b.enumNot(d, sch)
}

// fitsKind reports whether n is a value of the integer kind k.
func fitsKind(n int64, k ir.PrimKind) bool {
	switch k {
	case ir.Int32:
		return n >= math.MinInt32 && n <= math.MaxInt32
	case ir.Uint32:
		return n >= 0 && n <= math.MaxUint32
	case ir.Uint64:
		return n >= 0
	}
	return true
}

// typeOf returns the type of a schema use: a Ref when the proxy is a $ref
// or the schema already has a Decl, otherwise the inline shape named hint.
func (b *builder) typeOf(sp *spec.SchemaProxy, sch *spec.Schema, hint, pointer string) ir.Type {
	if sp != nil && sp.IsReference() {
		b.exactEnum(sch, sp.GetReference()) // where the schema is, not where it is used
	} else {
		b.exactEnum(sch, pointer)
	}
	b.refSiblings(sp, pointer)
	if ext := b.goTypeExt(sch, pointer); ext != nil {
		var t ir.Type = ext
		if _, nullable := types(sch); nullable {
			t = &ir.Nullable{Elem: t}
		}
		return t
	}
	if n := rootNode(sch); n != nil {
		if d, ok := b.byNode[n]; ok {
			return b.refTo(d, sch)
		}
	}
	if sp != nil && sp.IsReference() {
		// A $ref to a schema that is not a component (a property of
		// another schema, or a schema in another file): it gets a Decl
		// named after the last part of the reference.
		ref := sp.GetReference()
		name := ir.GoNameOr(ref[strings.LastIndexAny(ref, "/#")+1:], "Schema")
		if name == "" {
			name = hint
		}
		d := b.declare(sch, name, ref)
		b.fill(d, sch)
		return b.refTo(d, sch)
	}
	if m := passThrough(sch); m != nil {
		if ms := b.resolve(m, b.pos(sch)); ms != nil {
			t := b.typeOf(m, ms, hint, pointer+"/allOf/0")
			if _, nullable := types(sch); nullable {
				if _, already := t.(*ir.Nullable); !already {
					t = &ir.Nullable{Elem: t}
				}
			}
			return t
		}
	}
	if isStruct(sch) || isEnum(sch) || isUnion(sch) || isTuple(sch) {
		d := b.declare(sch, hint, pointer)
		b.inline[d] = true
		b.fill(d, sch)
		return b.refTo(d, sch)
	}
	return b.shape(sch, hint, pointer)
}

// refTo returns a use of d, nullable when the schema says so.
func (b *builder) refTo(d ir.Decl, sch *spec.Schema) ir.Type {
	var t ir.Type = &ir.Ref{Decl: d}
	if _, nullable := types(sch); nullable {
		t = &ir.Nullable{Elem: t}
	}
	return t
}

// shape returns the type of an inline schema that is not a struct or enum.
func (b *builder) shape(sch *spec.Schema, hint, pointer string) ir.Type {
	b.exactEnum(sch, pointer)
	b.ignoredKeywords(sch, pointer, true)
	if emptyEnum(sch) {
		return &ir.Any{False: true} // an empty enum allows no value
	}
	t := b.withNot(b.withConst(b.shapeNonNull(sch, hint, pointer), sch, pointer), sch, pointer)
	if _, nullable := types(sch); nullable {
		switch t.(type) {
		case *ir.Any, *ir.Nullable: // null is one of its values already
		default:
			t = &ir.Nullable{Elem: t}
		}
	}
	return t
}

func (b *builder) shapeNonNull(sch *spec.Schema, hint, pointer string) ir.Type {
	pos := b.pos(sch)
	if n := rootNode(sch); n != nil && n.Tag == "!!bool" && n.Value == "false" {
		return &ir.Any{False: true}
	}
	if len(sch.AllOf) > 0 && !valueListed(sch) {
		// allOf of schemas none of which is an object: the first typed
		// member gives the type. (Beside an enum or const, which alone
		// says which values are valid, the members say nothing more.)
		for i, sp := range sch.AllOf {
			if ms := b.resolve(sp, pos); ms != nil {
				if ts, _ := types(ms); len(ts) > 0 || sp.IsReference() {
					if constrainsOthers(sch.AllOf, i) {
						b.warnf(classAllOf, pos, "%s: allOf of non-object schemas: member %d gives the type; the others' constraints are not checked", pointer, i)
					}
					kws := besideFor(besideAllOf(sch), ms)
					if ots, _ := types(sch); len(ots) > 0 && !allowsTypes(ots, ts) {
						kws = append(kws, "type")
					}
					if len(kws) == 0 {
					} else if b.s.RefAllOf[rootNode(sch)] {
						b.warnf(classBesideRef, pos, "%s: %s beside $ref %s not checked: the referenced schema gives the type", pointer, strings.Join(kws, ", "), kws.verb())
					} else {
						b.warnf(classAllOf, pos, "%s: allOf member %d gives the type; the keywords beside allOf (%s) are not checked", pointer, i, strings.Join(kws, ", "))
					}
					return b.typeOf(sp, ms, hint, fmt.Sprintf("%s/allOf/%d", pointer, i))
				}
			}
		}
		// No member has a type: the schema's own gives the Go type, and
		// the members' keywords are checked on the value as a whole
		// (whole.go) where the warning makes a check.
		// (Without a type of its own, or an object's, the value is raw
		// JSON, whose keywords freeFormKeywords reports.)
		for i, sp := range sch.AllOf {
			if ts, _ := types(sch); len(ts) != 1 || ts[0] == "object" {
				break
			}
			if ms := b.resolve(sp, pos); ms != nil && (asserts(ms) || isFalse(ms)) {
				b.warnf(classAllOf, pos, "%s: allOf member %d has no type; its keywords are not checked on the Go type of the schema", pointer, i)
			}
		}
	}
	ts, _ := types(sch)
	if len(ts) == 0 {
		switch {
		case slices.Equal(sch.Type, []string{"null"}): // items or properties beside it apply to nothing
			return &ir.Any{Kinds: []ir.JSONType{ir.JSONNull}}
		case valueListed(sch):
			// An enum or const alone says which values are valid
			// (exactEnum): a free-form value compared as JSON.
			a := &ir.Any{False: emptyEnum(sch)}
			for _, e := range sch.Enum {
				text, ok := yamlJSON(e)
				if !ok {
					b.warnf(classEnum, b.pos(sch), "%s: enum value %s is not a JSON value; the enum is not checked", pointer, e.Value)
					return &ir.Any{}
				}
				a.Enum = append(a.Enum, text)
			}
			return a
		case sch.Items != nil:
			ts = []string{"array"}
		case (sch.Properties != nil || sch.AdditionalProperties != nil) && !closedEmpty(sch):
			// (additionalProperties: false alone is free-form: an empty
			// object, or a value of another kind, objectParts.)
			ts = []string{"object"}
		default:
			a := &ir.Any{}
			b.kindParts(a, sch, pointer)
			b.freeFormKeywords(sch, pointer, "a schema without type is kept as raw JSON")
			return a
		}
	}
	if len(ts) > 1 {
		b.warnf(classTypes, pos, "%s: a value of several types (%s) is not supported yet; it is kept as raw JSON", pointer, strings.Join(ts, ", "))
		return &ir.Any{}
	}
	if a := b.enumAny(sch, ts[0], pointer); a != nil {
		return a
	}
	switch ts[0] {
	case "array":
		b.constraintUnion(sch, pointer)
		a := &ir.Array{MinItems: sch.MinItems, MaxItems: sch.MaxItems, Unique: sch.UniqueItems != nil && *sch.UniqueItems}
		if sch.Items != nil && sch.Items.IsA() && sch.Items.A != nil {
			if is := b.resolve(sch.Items.A, pos); is != nil {
				a.Elem = b.typeOf(sch.Items.A, is, hint+"Item", pointer+"/items")
			}
		}
		switch {
		case a.Elem != nil:
		case sch.Items != nil && sch.Items.IsB() && !sch.Items.B:
			a.Elem = &ir.Any{False: true} // items: false, only the empty array
		default:
			a.Elem = &ir.Any{}
		}
		return a
	case "object":
		ap := sch.AdditionalProperties
		if ap != nil && ap.IsA() && ap.A != nil {
			if aps := b.resolve(ap.A, pos); aps != nil {
				m := &ir.Map{
					Elem:     b.typeOf(ap.A, aps, hint+"Value", pointer+"/additionalProperties"),
					MinProps: sch.MinProperties,
					MaxProps: sch.MaxProperties,
					Required: dedupe(sch.Required),
				}
				b.mapKeys(m, sch, pointer)
				return m
			}
		}
		b.freeFormKeywords(sch, pointer, "an object with no properties is kept as raw JSON")
		kinds := []ir.JSONType{ir.JSONObject}
		if _, nullable := types(sch); nullable {
			kinds = append(kinds, ir.JSONNull)
		}
		a := &ir.Any{Kinds: kinds}
		b.objectParts(a, sch)
		return a
	case "string", "integer", "number", "boolean":
		b.constraintUnion(sch, pointer)
		return b.prim(sch, ts[0], pointer)
	}
	b.errorf(pos, "%s: unknown type %q%s", pointer, ts[0], spec.DidYouMean(ts[0], typeNames))
	return &ir.Any{}
}

// typeNames are the values of the keyword type.
var typeNames = []string{"array", "boolean", "integer", "null", "number", "object", "string"}

// constraintUnion warns about the oneOf or anyOf of a schema of one
// type that is not a union (isUnion: its members only constrain), which
// the Go type of the type does not check; a component's whole-value
// check does.
func (b *builder) constraintUnion(sch *spec.Schema, pointer string) {
	for _, kw := range []struct {
		name    string
		members []*spec.SchemaProxy
	}{{"oneOf", sch.OneOf}, {"anyOf", sch.AnyOf}} {
		if len(kw.members) > 0 {
			b.warnf(classUnion, b.pos(sch), "%s: %s whose members only constrain the value is not checked by its Go type", pointer, kw.name)
		}
	}
}

// stringChecks sets the lengths and pattern of a String prim from sch.
func (b *builder) stringChecks(p *ir.Prim, sch *spec.Schema, pointer string) {
	p.MinLength, p.MaxLength, p.Pattern = sch.MinLength, sch.MaxLength, sch.Pattern
	if p.Pattern != "" {
		res, err := TranslatePattern(p.Pattern)
		pos := b.pos(sch)
		if n := sch.KeywordNode("pattern"); n != nil {
			pos.Line, pos.Col = n.Line, n.Column
		}
		if err != nil {
			// No RE2 form: a warning, as for patternProperties above.
			b.warnf(classPattern, pos, "%s: pattern %s is not checked: %v", pointer, quotePattern(p.Pattern), err)
		}
		p.Regexps = res
	}
}

// prim maps a scalar schema to a primitive type with its checks.
func (b *builder) prim(sch *spec.Schema, typ, pointer string) *ir.Prim {
	p := &ir.Prim{Format: sch.Format}
	switch typ {
	case "boolean":
		p.Kind = ir.Bool
	case "integer":
		switch sch.Format {
		case "int32", "int16", "int8":
			p.Kind = ir.Int32
		case "uint32", "uint16", "uint8":
			p.Kind = ir.Uint32
		case "uint64", "uint":
			p.Kind = ir.Uint64
		default:
			p.Kind = ir.Int64
		}
	case "number":
		switch sch.Format {
		case "decimal":
			p.Kind = ir.Decimal
		case "float":
			p.Kind = ir.Float32
		case "int32":
			p.Kind = ir.Int32
		case "int64":
			p.Kind = ir.Int64
		default:
			p.Kind = ir.Float64
		}
	default:
		format := sch.Format
		if b.opts.FormatAnnotations {
			format, p.Format = "", ""
		}
		switch format {
		case "date-time":
			p.Kind = ir.DateTime
		case "date":
			p.Kind = ir.Date
		case "uuid":
			p.Kind = ir.UUID
		case "byte":
			p.Kind = ir.Bytes
		case "ipv4":
			p.Kind = ir.IPv4
		case "ipv6":
			p.Kind = ir.IPv6
		case "decimal":
			p.Kind, p.Quoted = ir.Decimal, true
		case "int64", "int32", "uint64", "uint32":
			p.Kind = map[string]ir.PrimKind{"int64": ir.Int64, "int32": ir.Int32, "uint64": ir.Uint64, "uint32": ir.Uint32}[sch.Format]
			p.Quoted = true
		default:
			p.Kind = ir.String
		}
		if p.Kind == ir.String {
			// Lengths and patterns apply to the text; formats with a Go
			// type of their own (date-time, uuid...) fix it already.
			b.stringChecks(p, sch, pointer)
		}
	}
	if typ == "integer" || typ == "number" || p.Kind == ir.Decimal {
		p.Minimum, p.Maximum, p.MultipleOf = rat(sch.Minimum), rat(sch.Maximum), rat(sch.MultipleOf)
		if p.MultipleOf != nil && p.MultipleOf.Sign() <= 0 {
			b.errorf(b.pos(sch), "%s: multipleOf must be greater than 0", pointer)
			p.MultipleOf = nil
		}
		// 3.0 says exclusiveMinimum: true of minimum; 3.1 gives the
		// exclusive bound itself, and with both the stricter one holds.
		if e := sch.ExclusiveMinimum; e != nil {
			if e.IsA() {
				p.ExclusiveMinimum = e.A && p.Minimum != nil
			} else if x := rat(&e.B); p.Minimum == nil || x.Cmp(p.Minimum) >= 0 {
				p.Minimum, p.ExclusiveMinimum = x, true
			}
		}
		if e := sch.ExclusiveMaximum; e != nil {
			if e.IsA() {
				p.ExclusiveMaximum = e.A && p.Maximum != nil
			} else if x := rat(&e.B); p.Maximum == nil || x.Cmp(p.Maximum) <= 0 {
				p.Maximum, p.ExclusiveMaximum = x, true
			}
		}
		if typ == "integer" {
			narrowInt(p, sch.Format)
		}
	}
	return p
}

// narrowInt bounds an integer of a format narrower than its Go type
// (int8 and int16 are read as int32, uint8 and uint16 as uint32) to the
// format's range, unless the schema's own bounds are tighter.
func narrowInt(p *ir.Prim, format string) {
	r, found := map[string][2]int64{"int8": {-1 << 7, 1<<7 - 1}, "int16": {-1 << 15, 1<<15 - 1}, "uint8": {0, 1<<8 - 1}, "uint16": {0, 1<<16 - 1}}[format]
	if !found {
		return
	}
	if min := big.NewRat(r[0], 1); p.Minimum == nil || p.Minimum.Cmp(min) < 0 {
		p.Minimum, p.ExclusiveMinimum = min, false
	}
	if max := big.NewRat(r[1], 1); p.Maximum == nil || p.Maximum.Cmp(max) > 0 {
		p.Maximum, p.ExclusiveMaximum = max, false
	}
}

func rat(f *float64) *big.Rat {
	if f == nil {
		return nil
	}
	// The spec's decimal text would be exact; the parser gives a float64,
	// whose shortest decimal form is the text that was written.
	r, ok := new(big.Rat).SetString(strconv.FormatFloat(*f, 'g', -1, 64))
	if !ok {
		return nil
	}
	return r
}

// methodOp is an operation of a path item with its HTTP method, as it is
// sent: upper case for the fixed fields, as written for OpenAPI 3.2's
// additionalOperations (methods are case-sensitive, RFC 9110 9.1).
type methodOp struct {
	method string
	op     *spec.Operation
}

// opsOf returns the operations of a path item in a fixed order: the fixed
// fields, then additionalOperations in document order.
func opsOf(pi *spec.PathItem) []methodOp {
	ops := []methodOp{{"GET", pi.Get}, {"PUT", pi.Put}, {"POST", pi.Post}, {"DELETE", pi.Delete}, {"OPTIONS", pi.Options}, {"HEAD", pi.Head}, {"PATCH", pi.Patch}, {"TRACE", pi.Trace}, {"QUERY", pi.Query}}
	if pi.AdditionalOperations != nil {
		for m, op := range pi.AdditionalOperations.FromOldest() {
			ops = append(ops, methodOp{m, op})
		}
	}
	return ops
}

// statusName names a response status for type names: 200 -> OK.
func statusName(code string) string {
	if code == "default" {
		return "Default"
	}
	if n, err := strconv.Atoi(code); err == nil {
		if t := http.StatusText(n); t != "" {
			return ir.NamePart(t)
		}
	}
	return ir.NamePart("status " + code)
}
