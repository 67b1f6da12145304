// Package build turns a loaded spec into the IR: it names every schema that
// needs a Go type, maps formats to Go types, and collects operations. It is
// the only stage that reads both the spec model and the IR.
package build

import (
	"fmt"
	"go/token"
	"net/http"
	"strconv"
	"strings"

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
	b.paramChecks() // paramchecks.go: once the whole-value checks are set
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
	shareAlike(pkg)
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
