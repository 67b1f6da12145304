package gen

import (
	"fmt"
	"math"
	"math/big"
	"slices"
	"strconv"
	"strings"

	"github.com/oasgen/oasgen/internal/ir"
)

// checks is what the decoders and the Validate methods share: the
// package-level values constraints need (compiled patterns, exact
// multipleOf fractions), declared once in oas_validate_gen.go, and which
// types have anything a Go value can break.
type checks struct {
	vars   []pkgVar
	byExpr map[string]string
	needs  map[ir.Decl]bool
	// recursive holds the types whose values can nest without bound: their
	// encoders count the depth (Writer.Enter), so a Go value that points
	// back at itself is an error, not a stack overflow.
	recursive map[ir.Decl]bool
	// layout is set when the models are split into packages; every file
	// printed with these checks is then one of the split API's.
	layout *layout
	// helpers are the package-level functions the package's files declare
	// for more than one API (the object parameters' pair decoders and
	// encoders, which the API, its webhooks and its callbacks share).
	helpers map[string]bool
	// noStreams is set without the Streams part: the models are printed
	// as if build had named no streaming API (items), and the IR keeps
	// its names.
	noStreams bool
}

// items returns the names of the streaming methods of the array property
// fd, nil when it has none or the streaming API is not printed.
func (k *checks) items(fd *ir.Field) *ir.ItemsNames {
	if k.noStreams {
		return nil
	}
	return fd.Items
}

// aliasItems returns the names of the streaming functions of the named
// array d, nil when it has none or the streaming API is not printed.
func (k *checks) aliasItems(d *ir.Alias) *ir.ItemsNames {
	if k.noStreams {
		return nil
	}
	return d.Items
}

// helper reports whether the package still lacks the function name, and
// records it as declared: the caller declares it when it does.
func (k *checks) helper(name string) bool {
	if k.helpers[name] {
		return false
	}
	k.helpers[name] = true
	return true
}

// forPackage returns the checks of another package of the same API: which
// types need validating is the API's, the values checks share are each
// package's own.
func (k *checks) forPackage() *checks {
	return &checks{byExpr: map[string]string{}, needs: k.needs, recursive: k.recursive, layout: k.layout, helpers: map[string]bool{}, noStreams: k.noStreams}
}

type pkgVar struct {
	name, doc string
	init      func(f *file) string
}

func newChecks(pkg *ir.Package) *checks {
	k := &checks{byExpr: map[string]string{}, needs: map[ir.Decl]bool{}, recursive: pkg.Recursive(), helpers: map[string]bool{}}
	// A type needs validating when it has a constraint of its own or holds
	// a type that does; recursive types settle at a fixed point.
	for changed := true; changed; {
		changed = false
		for _, d := range pkg.Decls {
			if !k.needs[d] && k.declNeeds(d) {
				k.needs[d], changed = true, true
			}
		}
	}
	return k
}

func (k *checks) declNeeds(d ir.Decl) bool {
	if wholeValidated(d) {
		return true
	}
	switch d := d.(type) {
	case *ir.Struct:
		if d.MinProps != nil || d.MaxProps != nil || d.Not != nil || d.Other != nil && d.Other.Checked() {
			return true
		}
		for _, fd := range d.Fields {
			if k.typeNeeds(fd.Type) {
				return true
			}
		}
		// Pattern properties' names must match their patterns.
		return len(d.Patterns) > 0 || d.Additional != nil && k.typeNeeds(d.Additional)
	case *ir.Enum:
		return true // a Go value can be any string or number
	case *ir.Union:
		return true // the tag can name no variant
	case *ir.Tuple:
		return k.tupleNeeds(d)
	case *ir.Alias:
		return k.typeNeeds(d.Type)
	}
	return false
}

func (k *checks) typeNeeds(t ir.Type) bool {
	switch t := t.(type) {
	case *ir.Prim:
		if t.MinLength != nil || t.MaxLength != nil || len(t.Regexps) > 0 || t.MultipleOf != nil ||
			t.Not != nil || t.Const != "" || t.FormatCheck() != "" {
			return true
		}
		// Only a range: one every value of the kind meets (minimum: -5
		// on a uint64) prints nothing.
		return (t.Minimum != nil || t.Maximum != nil) && k.emitsChecks(t)
	case *ir.Array:
		return t.MinItems != nil || t.MaxItems != nil || t.Unique || k.typeNeeds(t.Elem)
	case *ir.Map:
		return t.MinProps != nil || t.MaxProps != nil || len(t.Required) > 0 || t.PropertyNames != nil || len(t.DependentRequired) > 0 || k.typeNeeds(t.Elem)
	case *ir.Nullable:
		return k.typeNeeds(t.Elem)
	case *ir.Ref:
		return k.needs[t.Decl]
	case *ir.Any:
		return t.Checked()
	}
	return false
}

// patternCond returns the Go condition under which x, a string (method
// MatchString) or a []byte (method Match), matches the pattern whose RE2
// translation is res; with match false, the condition under which it does
// not.
func (k *checks) patternCond(res []ir.Regexp, pattern, method, x string, match bool) string {
	terms := make([]string, len(res))
	for i, r := range res {
		terms[i] = k.regexpVar(r, pattern, i, len(res)) + "." + method + "(" + x + ")"
		if r.Match != match {
			terms[i] = "!" + terms[i]
		}
	}
	if match {
		return strings.Join(terms, " && ")
	}
	return strings.Join(terms, " || ")
}

// regexpVar returns the name of the package-level compiled form of r,
// expression i of n of pattern's translation.
func (k *checks) regexpVar(r ir.Regexp, pattern string, i, n int) string {
	doc := "the pattern " + patternDoc(pattern)
	if n > 1 {
		doc = fmt.Sprintf("part %d of %d of %s: a value must match it", i+1, n, doc)
		if !r.Match {
			doc = strings.Replace(doc, "must match", "must not match", 1)
		}
	}
	return k.variable("re:"+r.Expr, "pattern", doc, func(f *file) string {
		return f.qual(Ident{"regexp", "MustCompile"}) + "(" + goString(r.Expr) + ")"
	})
}

// ratVar returns the name of a package-level exact fraction.
func (k *checks) ratVar(r *big.Rat) string {
	text := ratText(r)
	return k.variable("rat:"+text, "multipleOf", "the multipleOf "+text+", exact", func(f *file) string {
		return f.qual(oasimpl("Rat")) + "(" + strconv.Quote(text) + ")"
	})
}

func (k *checks) variable(key, prefix, doc string, init func(f *file) string) string {
	if n, ok := k.byExpr[key]; ok {
		return n
	}
	count := 1
	for _, v := range k.vars {
		if strings.HasPrefix(v.name, prefix) {
			count++
		}
	}
	n := prefix + strconv.Itoa(count)
	k.byExpr[key] = n
	k.vars = append(k.vars, pkgVar{n, doc, init})
	return n
}

// ratText writes r as the shortest exact decimal, or a fraction.
func ratText(r *big.Rat) string {
	if r.IsInt() {
		return r.Num().String()
	}
	for prec := 1; prec <= 40; prec++ {
		s := r.FloatString(prec)
		if back, ok := new(big.Rat).SetString(s); ok && back.Cmp(r) == 0 {
			return s
		}
	}
	return r.String()
}

// numKind is the Go type a number is checked as: decoders read integers as
// int64 or uint64 and floats as float64.
func numKind(k ir.PrimKind) string {
	switch k {
	case ir.Int32, ir.Int64:
		return "int64"
	case ir.Uint32, ir.Uint64:
		return "uint64"
	}
	return "float64"
}

// kindRange is the range of values of an integer kind.
func kindRange(k ir.PrimKind) (lo, hi *big.Int) {
	switch k {
	case ir.Int32:
		return big.NewInt(math.MinInt32), big.NewInt(math.MaxInt32)
	case ir.Uint32:
		return big.NewInt(0), big.NewInt(math.MaxUint32)
	case ir.Uint64:
		return big.NewInt(0), new(big.Int).SetUint64(math.MaxUint64)
	}
	return big.NewInt(math.MinInt64), big.NewInt(math.MaxInt64)
}

// failFunc prints the statement that reports a violation: format is a Go
// string literal, args Go expressions.
type failFunc func(format string, args ...string)

// errReturn is a statement returning an error: the printer arguments
// before and after the error expression. The error goes in whole, as
// printer arguments too, so identifiers of other packages in either are
// qualified (and imported) when printed, never patched into text.
type errReturn struct{ pre, post []any }

// returnErr is the statement "return err".
var returnErr = errReturn{pre: []any{"return "}}

// P prints the statement returning err, the printer arguments of an
// error expression.
func (r errReturn) P(f *file, err ...any) {
	f.P(slices.Concat(r.pre, err, r.post)...)
}

// failf returns the failFunc printing r with a fmt.Errorf of the message.
func (r errReturn) failf(f *file) failFunc {
	return func(format string, args ...string) {
		r.P(f, Ident{"fmt", "Errorf"}, "(", format, joinArgs(args), ")")
	}
}

// idnPath is the runtime's package for the internationalized formats,
// apart so that only the packages that use them import the IDNA tables.
const idnPath = "github.com/oasgen/oasgen/oasrt/oasidn"

// formatFunc is the runtime's function for ir.Prim.FormatCheck's name.
func formatFunc(chk string) Ident {
	switch chk {
	case "ValidIDNHostname":
		return Ident{idnPath, "ValidHostname"}
	case "ValidIDNEmail":
		return Ident{idnPath, "ValidEmail"}
	}
	return oasimpl(chk)
}

// primChecks prints the checks of a scalar's constraints on x, an
// expression of the scalar's checked type (string, int64, uint64 or
// float64), calling fail for each that does not hold. format says whether
// to check a string format too (decoders check it while reading).
func (k *checks) primChecks(f *file, p *ir.Prim, x string, format bool, fail failFunc) {
	notChecks(f, p, x, fail)
	k.constCheck(f, p, x, fail)
	if p.Kind == ir.String {
		if chk := p.FormatCheck(); chk != "" && format {
			f.P("if !", f.qual(formatFunc(chk)), "(", x, ") {")
			fail(strconv.Quote("invalid "+p.Format+" %q"), x) // as the decoder says it
			f.P("}")
		}
		if p.MinLength != nil {
			n := strconv.FormatInt(*p.MinLength, 10)
			f.P("if ", f.qual(oasimpl("Len")), "(", x, ") < ", n, " {")
			fail(strconv.Quote("length %d is less than minLength "+n), f.qual(oasimpl("Len"))+"("+x+")")
			f.P("}")
		}
		if p.MaxLength != nil {
			n := strconv.FormatInt(*p.MaxLength, 10)
			// A string of at most n bytes has at most n characters.
			f.P("if len(", x, ") > ", n, " && ", f.qual(oasimpl("Len")), "(", x, ") > ", n, " {")
			fail(strconv.Quote("length %d is greater than maxLength "+n), f.qual(oasimpl("Len"))+"("+x+")")
			f.P("}")
		}
		if len(p.Regexps) > 0 {
			f.P("if ", k.patternCond(p.Regexps, p.Pattern, "MatchString", x, false), " {")
			fail(`"%q does not match the pattern %s"`, x, goString(p.Pattern))
			f.P("}")
		}
		return
	}
	if p.Kind == ir.Decimal {
		k.decimalChecks(f, p, x, fail)
		return
	}
	if !p.Kind.IsInteger() && !p.Kind.IsFloat() {
		return
	}
	if p.Minimum != nil {
		k.bound(f, p, x, p.Minimum, p.ExclusiveMinimum, true, fail)
	}
	if p.Maximum != nil {
		k.bound(f, p, x, p.Maximum, p.ExclusiveMaximum, false, fail)
	}
	if m := p.MultipleOf; m != nil {
		text := ratText(m)
		switch {
		case p.Kind.IsInteger() && m.IsInt() && m.Num().IsInt64():
			f.P("if ", x, "%", text, " != 0 {")
		case p.Kind.IsInteger() && m.IsInt():
			f.P("if ", x, " != 0 { // no other value of the type is a multiple")
		case p.Kind == ir.Float32:
			f.P("if !", f.qual(oasimpl("MultipleOf32")), "(float32(", x, "), ", k.ratVar(m), ") {")
		default:
			arg := x
			if numKind(p.Kind) != "float64" {
				arg = "float64(" + x + ")"
			}
			f.P("if !", f.qual(oasimpl("MultipleOf")), "(", arg, ", ", k.ratVar(m), ") {")
		}
		fail(strconv.Quote("%v is not a multiple of "+text), shown(p, x))
		f.P("}")
	}
}

// constCheck prints the check of a number or boolean const.
func (k *checks) constCheck(f *file, p *ir.Prim, x string, fail failFunc) {
	if p.Const == "" {
		return
	}
	switch {
	case p.Kind == ir.Decimal:
		r, _ := new(big.Rat).SetString(p.Const)
		f.P("if ", f.qual(oasimpl("CompareDecimal")), "(", x, ", ", k.boundVar(r), ") != 0 {")
	case p.Kind.IsFloat():
		fv, _ := strconv.ParseFloat(p.Const, 64)
		if p.Kind == ir.Float32 {
			fv = float64(float32(fv)) // values are float32s, widened
		}
		f.P("if ", x, " != ", strconv.FormatFloat(fv, 'g', -1, 64), " {")
	case p.Const == "true":
		f.P("if !", x, " {")
	default:
		f.P("if ", x, " {")
	}
	fail(strconv.Quote("%v is not the const "+p.Const), shown(p, x))
	f.P("}")
}

// decimalChecks prints the checks of a decimal's bounds and multipleOf,
// compared exactly.
func (k *checks) decimalChecks(f *file, p *ir.Prim, x string, fail failFunc) {
	for _, b := range []struct {
		r         *big.Rat
		exclusive bool
		lower     bool
	}{{p.Minimum, p.ExclusiveMinimum, true}, {p.Maximum, p.ExclusiveMaximum, false}} {
		if b.r == nil {
			continue
		}
		op := map[[2]bool]string{{true, false}: "<", {true, true}: "<=", {false, false}: ">", {false, true}: ">="}[[2]bool{b.lower, b.exclusive}]
		f.P("if ", f.qual(oasimpl("CompareDecimal")), "(", x, ", ", k.boundVar(b.r), ") ", op, " 0 {")
		fail(strconv.Quote(boundMsg(b.r, b.exclusive, b.lower)), x)
		f.P("}")
	}
	if m := p.MultipleOf; m != nil {
		f.P("if !", f.qual(oasimpl("DecimalMultipleOf")), "(", x, ", ", k.ratVar(m), ") {")
		fail(strconv.Quote("%v is not a multiple of "+ratText(m)), x)
		f.P("}")
	}
}

// boundVar returns the name of a package-level exact bound.
func (k *checks) boundVar(r *big.Rat) string {
	text := ratText(r)
	return k.variable("bound:"+text, "bound", "the value "+text+", exact", func(f *file) string {
		return f.qual(oasimpl("Rat")) + "(" + strconv.Quote(text) + ")"
	})
}

// emitsChecks reports whether a decoder checks anything of p beyond its
// kind and format: bounds can be left out when every value of the Go type
// is within them.
func (k *checks) emitsChecks(p *ir.Prim) bool {
	if !p.HasBounds() {
		return false
	}
	scratch := newFile("", "", k)
	k.primChecks(scratch, p, "x", false, func(string, ...string) {})
	return scratch.buf.Len() > 0
}

// shown is the expression of x as messages show it: a float32 as written
// (0.1), not widened (0.10000000149011612).
func shown(p *ir.Prim, x string) string {
	if p.Kind == ir.Float32 {
		return "float32(" + x + ")"
	}
	return x
}

// boundMsg is the message of a value (%v) past a minimum (lower) or
// maximum r.
func boundMsg(r *big.Rat, exclusive, lower bool) string {
	text := ratText(r)
	word := map[bool]string{true: "minimum", false: "maximum"}[lower]
	msg := map[bool]string{true: "%v is less than " + word + " " + text, false: "%v is greater than " + word + " " + text}[lower]
	if exclusive {
		word = "exclusive" + string(word[0]-32) + word[1:]
		msg = map[bool]string{true: "%v is not greater than " + word + " " + text, false: "%v is not less than " + word + " " + text}[lower]
	}
	return msg
}

// bound prints the check of a minimum (lower) or maximum.
func (k *checks) bound(f *file, p *ir.Prim, x string, r *big.Rat, exclusive, lower bool, fail failFunc) {
	msg := boundMsg(r, exclusive, lower)
	if p.Kind.IsFloat() {
		op := map[[2]bool]string{{true, false}: "<", {true, true}: "<=", {false, false}: ">", {false, true}: ">="}[[2]bool{lower, exclusive}]
		fv, _ := r.Float64()
		if p.Kind == ir.Float32 {
			// Values are float32s (widened): so is the bound, or "0.1"
			// would exceed a maximum of 0.1.
			fv = float64(float32(fv))
		}
		if math.IsInf(fv, 0) {
			// A bound past the type's largest value (1e300 on a
			// float32): every value is within it, or none is.
			if fv > 0 == lower {
				f.P("if true { // no value of the type is within the bound")
				fail(strconv.Quote(msg), shown(p, x))
				f.P("}")
			}
			return
		}
		f.P("if ", x, " ", op, " ", strconv.FormatFloat(fv, 'g', -1, 64), " {")
		fail(strconv.Quote(msg), shown(p, x))
		f.P("}")
		return
	}
	// Integers: the bound as the nearest allowed integer, checked only
	// when it excludes some value of the kind.
	var b big.Int
	if lower {
		b.Quo(r.Num(), r.Denom()) // truncated toward zero
		if new(big.Rat).SetInt(&b).Cmp(r) < 0 || exclusive && new(big.Rat).SetInt(&b).Cmp(r) == 0 {
			b.Add(&b, big.NewInt(1))
		}
	} else {
		b.Quo(r.Num(), r.Denom())
		if new(big.Rat).SetInt(&b).Cmp(r) > 0 || exclusive && new(big.Rat).SetInt(&b).Cmp(r) == 0 {
			b.Sub(&b, big.NewInt(1))
		}
	}
	lo, hi := kindRange(p.Kind)
	switch {
	case lower && b.Cmp(lo) <= 0, !lower && b.Cmp(hi) >= 0:
		return // every value of the kind is within the bound
	case lower && b.Cmp(hi) > 0, !lower && b.Cmp(lo) < 0:
		f.P("if true { // no value of the type is within the bound")
	case lower:
		f.P("if ", x, " < ", b.String(), " {")
	default:
		f.P("if ", x, " > ", b.String(), " {")
	}
	fail(strconv.Quote(msg), x)
	f.P("}")
}

// validator prints the Validate methods.
type validator struct {
	*file
	temps
}

func genValidate(f *file, pkg *ir.Package) {
	g := &validator{file: f}
	k := f.checks
	for _, d := range pkg.Decls {
		f.cut()
		if a, ok := d.(*ir.Alias); ok && goAlias(a) {
			continue // the target's methods
		}
		name := d.Name()
		if !k.needs[d] {
			g.P("// Validate returns nil: no value of ", name, " breaks its schema.")
			g.P("func (v *", name, ") Validate() error { return nil }")
			g.P()
			continue
		}
		g.P("// Validate checks v against its schema's constraints and names the")
		g.P("// JSON path of every value that breaks one.")
		g.P("func (v *", name, ") Validate() error {")
		g.P("var c ", oasimpl("Validator"))
		g.P("v.", g.validateMethod(), "(&c)")
		g.P("return c.Err()")
		g.P("}")
		g.P()
		g.n = 0
		if g.layout != nil {
			g.P("// ValidateWith is Validate's work, for the Validate methods of the")
			g.P("// types holding a ", name, ": it adds what breaks the schema to c.")
		}
		g.P("func (v *", name, ") ", g.validateMethod(), "(c *", oasimpl("Validator"), ") {")
		if k.recursive[d] {
			// A Go value that leads back to itself: an error, not a
			// stack overflow (Validator.TooDeep).
			g.P("if c.TooDeep() {")
			g.P("return")
			g.P("}")
		}
		if wholeEncoded(d) {
			g.P("failed := ", k.failures(), "(c)")
		}
		switch d := d.(type) {
		case *ir.Struct:
			g.structBody(d)
		case *ir.Enum:
			g.enumBody(d)
		case *ir.Union:
			g.P("switch v.", d.TagField, " {")
			for _, vr := range d.Variants {
				g.P("case ", vr.Const, ":")
				g.tagCheck(d, vr)
				g.check(vr.Type, "v."+vr.GoName)
			}
			g.P("default:")
			g.P(`c.Errorf("no variant of `, name, ` is set")`)
			g.P("}")
		case *ir.Tuple:
			g.tupleBody(d)
		case *ir.Alias:
			if p, ok := d.Type.(*ir.Prim); ok {
				g.check(p, g.primType(p.Kind)+"(*v)")
			} else {
				g.check(d.Type, "(*v)")
			}
		}
		g.wholeValidate(d)
		g.P("}")
		g.P()
	}
	// By index: an init may add variables (a contains function's patterns).
	for i := 0; i < len(k.vars); i++ {
		v := k.vars[i]
		g.P("// ", v.name, " is ", v.doc, ".")
		g.P("var ", v.name, " = ", v.init(f))
		g.P()
	}
}

func (g *validator) fail(format string, args ...string) {
	g.P("c.Errorf(", format, joinArgs(args), ")")
}

func joinArgs(args []string) string {
	s := ""
	for _, a := range args {
		s += ", " + a
	}
	return s
}

func (g *validator) enumBody(d *ir.Enum) {
	g.P("switch *v {")
	var names []string
	for _, v := range d.Values {
		names = append(names, v.GoName)
	}
	if len(names) > 0 {
		g.P("case ", strings.Join(names, ", "), ":")
	}
	g.P("default:")
	if d.Base.Kind == ir.String {
		g.P(`c.Errorf("%q is not a valid `, d.GoName, `", string(*v))`)
	} else {
		g.P(`c.Errorf("%d is not a valid `, d.GoName, `", *v)`)
	}
	g.P("}")
}

func (g *validator) structBody(d *ir.Struct) {
	if d.Other != nil {
		// A value of another kind: the object keywords do not apply.
		if d.Other.Checked() {
			g.P("if other := v.OtherKind.Other(); other != nil {")
			kindChecks(g.file, d.Other, "other", g.fail)
		} else {
			g.P("if ", g.qual(oasimpl("OtherJSON")), "(v.OtherKind) != \"\" {")
		}
		g.wholeValidate(d) // a value of another kind has one too
		g.P("return")
		g.P("}")
	}
	if d.MinProps != nil || d.MaxProps != nil {
		n := g.tmp("n")
		countProps(g.file, d, "v", n)
		countBounds(g.file, n, d.MinProps, d.MaxProps, "properties", g.fail)
	}
	structNotChecks(g.file, d, "v", nil, g.fail)
	for _, fd := range d.Fields {
		g.fieldCheck(fd, "c.Key("+strconv.Quote(fd.JSONName)+")")
	}
	for i, pp := range d.Patterns {
		g.extraCheck(d, pp.GoName, pp.Type, d.Patterns[:i], pp)
	}
	if d.Additional != nil && (g.checks.typeNeeds(d.Additional) || len(d.Patterns) > 0) {
		g.extraCheck(d, d.AdditionalGoName, d.Additional, d.Patterns, nil)
	}
}

// extraCheck prints the checks of a map field of a struct (additional or
// pattern properties): the values, and that each name is in the map
// decoding puts it in: matching own, the map's pattern (nil for additional
// properties), and none of before.
func (g *validator) extraCheck(d *ir.Struct, field string, t ir.Type, before []*ir.PatternProps, own *ir.PatternProps) {
	k := g.tmp("k")
	g.P("for _, ", k, " := range ", g.qual(Ident{"slices", "Sorted"}), "(", g.qual(Ident{"maps", "Keys"}), "(v.", field, ")) {")
	g.P("c.Key(", k, ")")
	if own != nil {
		g.P("if ", g.checks.patternCond(own.Regexps, own.Pattern, "MatchString", k, false), " {")
		g.fail(`"the name does not match the pattern %s of `+field+`"`, goString(own.Pattern))
		g.P("}")
	}
	for _, pp := range before {
		g.P("if ", g.checks.patternCond(pp.Regexps, pp.Pattern, "MatchString", k, true), " {")
		g.fail(`"the name matches the pattern %s; it belongs in `+pp.GoName+`"`, goString(pp.Pattern))
		g.P("}")
	}
	if g.checks.typeNeeds(t) {
		x := g.tmp("x")
		g.P(x, " := v.", field, "[", k, "]")
		g.check(t, x)
	}
	g.P("c.Pop()")
	g.P("}")
}

// fieldCheck prints the checks of field fd of v, with push naming its
// place in the path (c.Key or c.Index).
func (g *validator) fieldCheck(fd *ir.Field, push string) {
	w, t := fieldShape(fd)
	if !g.checks.typeNeeds(t) {
		return
	}
	x := "v." + fd.GoName
	if g.formatOnly(fd, t, push, x, w) {
		return
	}
	switch w {
	case plain:
		if fd.Ptr {
			g.P("if ", x, " != nil {")
		}
		g.P(push)
		g.check(t, x)
		g.P("c.Pop()")
		if fd.Ptr {
			g.P("}")
		}
	case opt, nullable, optNullable:
		cond := map[wrapper]string{opt: x + ".Set", nullable: "!" + x + ".Null", optNullable: x + ".Set && !" + x + ".Null"}[w]
		if fd.Ptr {
			cond += " && " + x + ".Value != nil"
		}
		g.P("if ", cond, " {")
		g.P(push)
		g.check(t, x+".Value")
		g.P("c.Pop()")
		g.P("}")
	case nilAbsent, nilNull:
		g.P("if ", x, " != nil {")
		g.P(push)
		g.check(t, x)
		g.P("c.Pop()")
		g.P("}")
	}
}

// formatOnly prints the check of a struct's string field fd, of type t held
// in wrapper w, whose only constraint is a format, as one call of
// Validator.Format, and reports whether it did.
func (g *validator) formatOnly(fd *ir.Field, t ir.Type, push, x string, w wrapper) bool {
	p, ok := t.(*ir.Prim)
	if !ok || p.Kind != ir.String || p.Quoted || fd.Ptr || p.FormatCheck() == "" || g.checks.emitsChecks(p) || !strings.HasPrefix(push, "c.Key(") {
		return false
	}
	if w == nilAbsent || w == nilNull {
		return false // a string is never held by a pointer
	}
	cond := map[wrapper]string{opt: x + ".Set", nullable: "!" + x + ".Null", optNullable: x + ".Set && !" + x + ".Null"}[w]
	if cond != "" {
		g.P("if ", cond, " {")
		x += ".Value"
	}
	g.P("c.Format(", strconv.Quote(fd.JSONName), ", ", strconv.Quote(p.Format), ", ", x, ", ", formatFunc(p.FormatCheck()), ")")
	if cond != "" {
		g.P("}")
	}
	return true
}

// countProps prints the statements that set n to the number of properties
// recv, a struct value, holds: the count minProperties and maxProperties
// bound, in Validate and after decoding alike (keys a decoder skips are
// not kept, so they do not count).
func countProps(f *file, d *ir.Struct, recv, n string) {
	if d.Additional != nil || len(d.Patterns) > 0 {
		f.P(n, " := ", extraCount(d, recv))
	} else {
		f.P(n, " := 0")
	}
	for _, fd := range d.Fields {
		switch w, _ := fieldShape(fd); w {
		case plain, nullable, nilNull:
			f.P(n, "++")
		case opt, optNullable:
			f.P("if ", recv, ".", fd.GoName, ".Set {")
			f.P(n, "++")
			f.P("}")
		case nilAbsent:
			f.P("if ", recv, ".", fd.GoName, " != nil {")
			f.P(n, "++")
			f.P("}")
		}
	}
}

// check prints the checks of the value x of type t.
func (g *validator) check(t ir.Type, x string) {
	if !g.checks.typeNeeds(t) {
		return
	}
	switch t := t.(type) {
	case *ir.Prim:
		v := x
		if nk := numKind(t.Kind); t.Kind != ir.String && (t.Kind == ir.Int32 || t.Kind == ir.Uint32 || t.Kind == ir.Float32) {
			v = nk + "(" + x + ")"
		}
		g.checks.primChecks(g.file, t, v, true, g.fail)
	case *ir.Any:
		anyChecks(g.file, t, x, g.fail)
	case *ir.Ref:
		if a, ok := t.Decl.(*ir.Alias); ok && goAlias(a) {
			g.check(a.Type, x)
			return
		}
		g.P(x, ".", g.validateMethod(), "(c)")
	case *ir.Nullable:
		if nilable(t.Elem) {
			g.P("if ", x, " != nil {")
			g.check(t.Elem, x)
		} else {
			g.P("if !", x, ".Null {")
			g.check(t.Elem, x+".Value")
		}
		g.P("}")
	case *ir.Array:
		countBounds(g.file, "len("+x+")", t.MinItems, t.MaxItems, "items", g.fail)
		if t.Unique {
			g.checks.uniqueCheck(g.file, t, x, g.tmp, g.fail)
		}
		if g.checks.typeNeeds(t.Elem) {
			i := g.tmp("i")
			g.P("for ", i, " := range ", x, " {")
			g.P("c.Index(", i, ")")
			g.check(t.Elem, x+"["+i+"]")
			g.P("c.Pop()")
			g.P("}")
		}
	case *ir.Map:
		if t.MinProps != nil || t.MaxProps != nil {
			n := g.tmp("n")
			g.P(n, " := len(", x, ")")
			countBounds(g.file, n, t.MinProps, t.MaxProps, "properties", g.fail)
		}
		for _, name := range t.Required {
			g.P("if _, ok := ", x, "[", strconv.Quote(name), "]; !ok {")
			g.fail(`"missing required property %q"`, strconv.Quote(name))
			g.P("}")
		}
		for _, dep := range t.DependentRequired {
			g.P("if _, ok := ", x, "[", strconv.Quote(dep.Key), "]; ok {")
			for _, name := range dep.Names {
				g.P("if _, ok := ", x, "[", strconv.Quote(name), "]; !ok {")
				g.fail(strconv.Quote("missing property %q, required with "+strconv.Quote(dep.Key)+" (dependentRequired)"), strconv.Quote(name))
				g.P("}")
			}
			g.P("}")
		}
		if t.PropertyNames != nil {
			k := g.tmp("k")
			g.P("for _, ", k, " := range ", g.qual(Ident{"slices", "Sorted"}), "(", g.qual(Ident{"maps", "Keys"}), "(", x, ")) {")
			g.P("if !", g.qual(oasimpl("KeyMatches")), "(", k, ", ", g.checks.matcher(t.PropertyNames), ") {")
			g.fail(`"property name %q does not match propertyNames"`, k)
			g.P("}")
			g.P("}")
		}
		if g.checks.typeNeeds(t.Elem) {
			k := g.tmp("k")
			g.P("for _, ", k, " := range ", g.qual(Ident{"slices", "Sorted"}), "(", g.qual(Ident{"maps", "Keys"}), "(", x, ")) {")
			g.P("c.Key(", k, ")")
			e := g.tmp("x")
			g.P(e, " := ", x, "[", k, "]")
			g.check(t.Elem, e)
			g.P("c.Pop()")
			g.P("}")
		}
	}
}

// countBounds prints the checks of a count n of items or properties (unit)
// against minItems/maxItems or minProperties/maxProperties, calling fail for
// each that does not hold; decoders and Validate say the same.
func countBounds(f *file, n string, min, max *int64, unit string, fail failFunc) {
	keyword := map[string]string{"items": "Items", "properties": "Properties"}[unit]
	if min != nil {
		m := strconv.FormatInt(*min, 10)
		f.P("if ", n, " < ", m, " {")
		fail(strconv.Quote("%d "+unit+", fewer than min"+keyword+" "+m), n)
		f.P("}")
	}
	if max != nil {
		m := strconv.FormatInt(*max, 10)
		f.P("if ", n, " > ", m, " {")
		fail(strconv.Quote("%d "+unit+", more than max"+keyword+" "+m), n)
		f.P("}")
	}
}

// uniqueCheck prints the uniqueItems check of the array x, naming its two
// index variables with tmp.
func (k *checks) uniqueCheck(f *file, t *ir.Array, x string, tmp func(string) string, fail failFunc) {
	i, j := tmp("i"), tmp("j")
	f.P("if ", i, ", ", j, " := ", k.duplicate(f, t, x), "; ", i, " >= 0 {")
	fail(`"items %d and %d are equal; uniqueItems is set"`, i, j)
	f.P("}")
}

// duplicate returns the expression finding two equal items of the array x.
func (k *checks) duplicate(f *file, t *ir.Array, x string) string {
	if comparable(t.Elem) {
		return f.qual(oasimpl("Duplicate")) + "(" + x + ")"
	}
	// The items' JSON encodings are compared: print the encoder inline.
	sub := codec{file: f.scratch()}
	sub.enc(t.Elem, "(*e)")
	return f.qual(oasimpl("DuplicateFunc")) + "(" + x + ", func(w *" + f.qual(oasimpl("Writer")) + ", e *" + f.goType(t.Elem) + ") {\n" + sub.buf.String() + "})"
}

// decodedComparable reports whether two items of type t a decoder reads
// are equal in Go exactly when their JSON values are: strings, booleans,
// integers read from numbers, and enums. A decoder checks uniqueItems on
// such items' Go values and on the array's text otherwise (a float rounds,
// a UUID's or a date-time's text has several spellings of one value).
func decodedComparable(t ir.Type) bool {
	switch t := t.(type) {
	case *ir.Prim:
		switch t.Kind {
		case ir.String, ir.Bool:
			return true
		case ir.Int32, ir.Int64, ir.Uint32, ir.Uint64:
			return !t.Quoted
		}
	case *ir.Ref:
		switch d := t.Decl.(type) {
		case *ir.Enum:
			return true
		case *ir.Alias:
			return decodedComparable(d.Type)
		}
	}
	return false
}

// comparable reports whether Go's == on values of t is JSON equality.
func comparable(t ir.Type) bool {
	switch t := t.(type) {
	case *ir.Prim:
		switch t.Kind {
		case ir.Bytes, ir.DateTime, ir.Decimal:
			return false // a slice; times compare their zone by pointer; decimals their text
		}
		return true
	case *ir.Ref:
		switch d := t.Decl.(type) {
		case *ir.Enum:
			return true
		case *ir.Alias:
			return comparable(d.Type)
		}
	}
	return false
}
