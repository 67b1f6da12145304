// This file holds the server's parameter decoders: each operation's
// parameters read from the path, query, headers and cookies, parsed and
// checked, and deepObject and exploded object parameters.

package gen

import (
	"net/http"
	"strconv"
	"strings"

	"github.com/oasgen/oasgen/internal/ir"
)

// decodeParams prints the declaration of params, op's Params, and the
// opening of the if statement whose block runs when decoding them fails,
// with the error in err. It returns the decoder, which the caller prints
// after the function (genParamsDecoder); the decoder's statements are
// rendered in lookup, f or, when another file prints the decoder, a file
// detached from f, which so imports nothing for them.
func decodeParams(f, lookup *file, a *api, op *apiOp) *paramsDecoder {
	decoder := a.paramsDecoder(lookup, op)
	// The decoder fills params in place: a Params struct returned by
	// value was copied twice more in every handler.
	f.P("var params ", op.params)
	switch {
	case decoder.op == op:
		f.P("if err := ", decoder.name, "(&params, r, p, esc); err != nil {")
	case op.sameParams == decoder.op.sameParams:
		// an alias of the decoder's type
		f.P("if err := ", decoder.name, "(&params, r, p, esc); err != nil { // the same parameters as ", decoder.op.GoName)
	default:
		f.P("if err := ", decoder.name, "((*", decoder.op.params, ")(&params), r, p, esc); err != nil { // the same parameters as ", decoder.op.GoName)
	}
	return decoder
}

// genParamsDecoder prints decoder, op's parameter decoder, when op is the
// operation it was printed for first.
func genParamsDecoder(f *file, op *apiOp, decoder *paramsDecoder) {
	if decoder == nil || decoder.op != op {
		return
	}
	f.P("// ", decoder.name, " reads the parameters of ", op.GoName, " from r and its path segments p into params.")
	f.P("func ", decoder.name, "(params *", op.params, ", r *", httpPkg("Request"), ", p []string, esc bool) (err error) {")
	f.buf.WriteString(decoder.body)
	f.P("}")
	f.P()
}

// paramFail is the return of an error reading parameter p.
func paramFail(p *ir.Param) errReturn {
	return errReturn{
		pre:  []any{"return &", oashttp("ParamError"), "{Name: ", strconv.Quote(p.Name), ", In: ", strconv.Quote(string(p.In)), ", Err: "},
		post: []any{"}"},
	}
}

// assignArray prints code that parses the strings in vals into the
// field array dst of parameter p, and checks the array's keywords: the
// count of items (minItems, maxItems) before they are parsed, their
// uniqueness (uniqueItems) after, on their texts.
func assignArray(f *file, p *ir.Param, elem ir.Type, vals, dst string) {
	arr := arrayOf(p.Type)
	fail := paramFail(p).failf(f)
	countBounds(f, "len("+vals+")", arr.MinItems, arr.MaxItems, "items", fail)
	goT := f.goType(ir.UnNull(p.Type))
	if prim, enum, _ := ir.ScalarOf(elem); enum == nil && f.detached().goType(ir.UnNull(elem)) == "string" && !hasChecks(f, prim) {
		// Strings without constraints: the texts are the items.
		if goT == "[]string" {
			f.P(dst, " = ", vals)
		} else {
			f.P(dst, " = ", goT, "(", vals, ")")
		}
	} else {
		f.P(dst, " = make(", goT, ", len(", vals, "))")
		f.P("for i, s := range ", vals, " {")
		f.parseScalar(elem, "s", dst+"[i]", paramFail(p))
		f.P("}")
	}
	if arr.Unique {
		// The items' texts are the JSON values the array holds: strings
		// as they are, numbers compared by value ("1" and "1.0" are one).
		dup := oasimpl("Duplicate")
		if numericText(elem) {
			dup = oasimpl("DuplicateNumbers")
		}
		f.P("if i, j := ", dup, "(", vals, "); i >= 0 {")
		fail(`"items %d and %d are equal; uniqueItems is set"`, "i", "j")
		f.P("}")
	}
}

// numericText reports whether the parameter text of a scalar of type t
// stands for a JSON number (an integer, a number or a decimal that is not
// carried in a string, or an enum of integers) rather than a string or a
// boolean.
func numericText(t ir.Type) bool {
	prim, enum, _ := ir.ScalarOf(t)
	if enum != nil {
		prim = enum.Base
	}
	if prim == nil || prim.Quoted {
		return false
	}
	return prim.Kind.IsInteger() || prim.Kind.IsFloat() || prim.Kind == ir.Decimal
}

// paramsDecoder is the function that reads an operation's parameters: its
// own, or another's whose parameters are the same, so the same code and the
// same type up to field comments (the caller converts the result).
// Kubernetes' 789 operations with parameters have 31 such functions.
type paramsDecoder struct {
	op   *apiOp // the operation whose Params type the function returns
	name string
	body string // the function's statements
}

// paramsDecoder returns op's parameter decoder, the one made for the
// operation op shares it with (decoderOf, as build decided), rendering its
// statements in f when it is first asked for.
func (a *api) paramsDecoder(f *file, op *apiOp) *paramsDecoder {
	of := op.decoderOf
	if d, ok := a.decoders[of]; ok {
		return d
	}
	s := f.scratch()
	decodeParamsBody(s, of)
	d := &paramsDecoder{op: of, name: "decode" + of.GoName + "Params", body: s.buf.String()}
	a.decoders[of] = d
	return d
}

// decodeParamsBody prints the statements of op's parameter decoder, which
// returns params, of op's Params type, and err.
func decodeParamsBody(f *file, op *apiOp) {
	// Query parameters are read in one pass over the query: query holds
	// those matched by name, props the exploded form objects matched by
	// their properties' names, deep the deepObject ones.
	var query, props, deep []*ir.Param
	for _, prm := range op.Params {
		kind, elem := ir.RequestShape(prm)
		dst := "params." + prm.GoName
		fail := paramFail(prm)
		switch prm.In {
		case ir.InPath:
			k := op.captures[prm]
			if k < 0 {
				f.P("// ", prm.Name, " is not in the path template ", op.Path, ": never set.")
				continue
			}
			prefix, sep := pathStyle(prm)
			if kind == ir.ScalarParam && plainString(f, prm.Type) {
				// The commonest path parameter, without PathParam's call
				// of its parse function.
				f.P("if ", dst, ", err = ", oashttpimpl("PathScalar"), "(p[", k, "], ", strconv.Quote(prefix), ", esc); err != nil {")
				fail.P(f, "err")
				f.P("}")
				continue
			}
			if kind == ir.ScalarParam {
				callWithParse(f, prm.Type, "); err != nil {", "if ", dst, ", err = ", oashttpimpl("PathParam"), "(p[", k, "], ", strconv.Quote(prefix), ", esc, ", strconv.Quote(prm.Name), ", ")
				f.P("return err")
				f.P("}")
				continue
			}
			f.P("{ // ", prm.Name)
			switch kind {
			case ir.ArrayParam:
				f.P("vals, err := ", oashttpimpl("PathArray"), "(p[", k, "], ", strconv.Quote(prefix), ", ", strconv.Quote(sep), ", esc)")
				f.P("if err != nil {")
				fail.P(f, "err")
				f.P("}")
				assignArray(f, prm, elem, "vals", dst)
			case ir.ObjectParam:
				prefix, sep := objectStyle(prm)
				f.P("vals, err := ", oashttpimpl("PathArray"), "(p[", k, "], ", strconv.Quote(prefix), ", ", strconv.Quote(sep), ", esc)")
				f.P("if err != nil {")
				fail.P(f, "err")
				f.P("}")
				decodeObject(f, prm, "vals", true, prm.Explode)
			case ir.RawParam:
				f.P("s, err := ", oashttpimpl("PathScalar"), "(p[", k, "], ", strconv.Quote(prefix), ", esc)")
				f.P("if err != nil {")
				fail.P(f, "err")
				f.P("}")
				f.P(dst, " = s")
			}
			f.P("}")
		case ir.InQuery:
			switch {
			case kind == ir.ObjectParam && prm.Style == ir.StyleDeepObject, kind == ir.RawParam && prm.Style == ir.StyleDeepObject:
				deep = append(deep, prm)
			case kind == ir.ObjectParam && exploded(prm):
				props = append(props, prm)
			case kind == ir.RawParam && prm.Explode:
				f.P(dst, " = r.URL.RawQuery // ", prm.Name, ": not parsed, see the field")
			default:
				query = append(query, prm)
			}
		case ir.InHeader, ir.InCookie:
			if prm.In == ir.InHeader && kind == ir.ScalarParam {
				helper, target := "HeaderOpt", "&"+dst
				if prm.Required {
					helper = "HeaderParam"
				}
				callWithParse(f, prm.Type, "); err != nil {", "if err = ", oashttpimpl(helper), "(", target, ", r.Header, ", strconv.Quote(http.CanonicalHeaderKey(prm.Name)), ", ", strconv.Quote(prm.Name), ", ")
				f.P("return err")
				f.P("}")
				continue
			}
			if prm.In == ir.InHeader {
				f.P("if s := r.Header.Get(", strconv.Quote(http.CanonicalHeaderKey(prm.Name)), "); s != \"\" {")
			} else {
				f.P("if c, err := r.Cookie(", strconv.Quote(prm.Name), "); err == nil {")
				f.P("s := c.Value")
			}
			switch kind {
			case ir.RawParam:
				f.P(dst, " = s")
			case ir.ArrayParam:
				f.P("vals := ", oashttpimpl("HeaderArray"), "(s)")
				assignArray(f, prm, elem, "vals", dst)
			case ir.ObjectParam:
				f.P("vals := ", oashttpimpl("HeaderArray"), "(s)")
				decodeObject(f, prm, "vals", true, prm.Explode)
			default:
				if !prm.Required {
					f.P(dst, ".Set = true")
					dst += ".Value"
				}
				f.parseScalar(prm.Type, "s", dst, fail)
			}
			if prm.Required {
				f.P("} else {")
				fail.P(f, oashttp("ErrMissing"))
			}
			f.P("}")
		}
	}
	if len(query)+len(props)+len(deep) > 0 && genQueryLoop(f, query, props, deep) {
		f.P("return err")
	} else {
		f.P("return nil")
	}
}

// parseFuncs names the runtime's parse function of each scalar kind without
// constraints whose Go type is the kind's own (see callWithParse).
var parseFuncs = map[ir.PrimKind]Ident{
	ir.String: oashttpimpl("ParseString"), ir.Bool: oashttpimpl("ParseBool"),
	ir.Int32: oashttpimpl("ParseInt32"), ir.Int64: oashttpimpl("ParseInt64"),
	ir.Uint32: oashttpimpl("ParseUint32"), ir.Uint64: oashttpimpl("ParseUint64"),
	ir.Float32: oashttpimpl("ParseFloat32"), ir.Float64: oashttpimpl("ParseFloat64"),
	ir.DateTime: oashttpimpl("ParseTime"), ir.Date: oashttpimpl("ParseDateValue"), ir.UUID: oashttpimpl("ParseUUIDValue"),
	ir.Bytes: oashttpimpl("ParseBytes64"), ir.Decimal: oasrt("ParseDecimal"),
}

// callWithParse prints a call of a parameter helper whose last argument
// is the function parsing and checking the text of a scalar of type t:
// the runtime's for a primitive without constraints, else a function
// literal. head is the call up to that argument, tail what follows it.
func callWithParse(f *file, t ir.Type, tail string, head ...any) {
	if name := simpleParse(f, t); name.Name != "" {
		f.P(append(head, name, tail)...)
		return
	}
	f.P(append(head, "func(s string) (v ", f.goType(ir.UnNull(t)), ", err error) {")...)
	f.parseScalar(t, "s", "v", errReturn{pre: []any{"return v, "}})
	f.P("return v, nil")
	f.P("}", tail)
}

// plainString reports whether a scalar of type t is a string without
// constraints, which needs no parsing.
func plainString(f *file, t ir.Type) bool {
	return simpleParse(f, t) == parseFuncs[ir.String]
}

// simpleParse returns the runtime's parse function of a scalar of type t,
// or "" for one that needs its own: an enum, a primitive with constraints
// or whose Go type is not the kind's own. The types are compared as a
// detached file names them, so comparing imports nothing into f.
func simpleParse(f *file, t ir.Type) Ident {
	prim, enum, _ := ir.ScalarOf(t)
	if enum != nil || prim == nil || hasChecks(f, prim) {
		return Ident{}
	}
	if d := f.detached(); d.goType(ir.UnNull(t)) != d.primType(prim.Kind) {
		return Ident{}
	}
	return parseFuncs[prim.Kind]
}

// hasChecks reports whether parsing a p checks constraints beyond its type.
func hasChecks(f *file, p *ir.Prim) bool {
	s := f.detached()
	f.checks.primChecks(s, p, "x", true, returnErr.failf(s))
	return s.buf.Len() > 0
}

// pairsVar names the list of name/value pairs gathered for an object
// parameter in the query.
func pairsVar(p *ir.Param) string { return "pairs" + p.GoName }

// genQueryLoop prints the loop over the query that fills the query
// parameters, and the checks after it. It reports whether it leaves an
// error in err, from the runtime's helpers, for the caller to return.
func genQueryLoop(f *file, query, props, deep []*ir.Param) (errLeft bool) {
	// seen marks the parameters found that hold no Set of their own: an
	// optional scalar's Opt says it.
	slot := map[*ir.Param]int{}
	for _, prm := range query {
		if kind, _ := ir.RequestShape(prm); kind != ir.ScalarParam || prm.Required {
			slot[prm] = len(slot)
		}
	}
	if len(slot) > 0 {
		f.P("var seen [", len(slot), "]bool")
	}
	for i, prm := range query {
		if kind, _ := ir.RequestShape(prm); kind == ir.ArrayParam {
			f.P("var raw", i, " []string")
		}
	}
	for _, prm := range append(append([]*ir.Param{}, props...), deep...) {
		if kind, _ := ir.RequestShape(prm); kind == ir.ObjectParam {
			f.P("var ", pairsVar(prm), " []string")
		}
	}
	helpers := false
	for _, prm := range query {
		if kind, _ := ir.RequestShape(prm); kind == ir.ScalarParam {
			helpers = true
		}
	}
	if helpers {
		f.P("for q := r.URL.RawQuery; q != \"\" && err == nil; {")
	} else {
		f.P("for q := r.URL.RawQuery; q != \"\"; {")
	}
	f.P("var key, value string")
	f.P("key, value, q = ", oashttpimpl("NextQuery"), "(q)")
	f.P("switch key {")
	cases := map[string]bool{}
	for i, prm := range query {
		kind, _ := ir.RequestShape(prm)
		fail := paramFail(prm)
		if cases[prm.Name] {
			continue
		}
		cases[prm.Name] = true
		f.P("case ", strconv.Quote(prm.Name), ":")
		dst := "params." + prm.GoName
		if kind == ir.ScalarParam {
			if prm.Required {
				callWithParse(f, prm.Type, ")", "err = ", oashttpimpl("QueryParam"), "(&", dst, ", &seen[", slot[prm], "], ", strconv.Quote(prm.Name), ", value, ")
			} else {
				callWithParse(f, prm.Type, ")", "err = ", oashttpimpl("QueryOpt"), "(&", dst, ", ", strconv.Quote(prm.Name), ", value, ")
			}
			continue
		}
		n := slot[prm]
		if kind != ir.ArrayParam || !exploded(prm) {
			f.P("if seen[", n, "] {")
			fail.P(f, oashttpimpl("ErrRepeated"))
			f.P("}")
		}
		f.P("seen[", n, "] = true")
		switch kind {
		case ir.ArrayParam:
			sep := querySep(prm)
			if exploded(prm) {
				sep = "0"
			}
			f.P("var err error")
			f.P("raw", i, ", err = ", oashttpimpl("QueryArray"), "(raw", i, ", value, ", sep, ")")
			f.P("if err != nil {")
			fail.P(f, "err")
			f.P("}")
		case ir.ObjectParam:
			f.P("vals, err := ", oashttpimpl("QueryArray"), "(nil, value, ", querySep(prm), ")")
			f.P("if err != nil {")
			fail.P(f, "err")
			f.P("}")
			decodeObject(f, prm, "vals", true, false)
		default: // ir.RawParam
			f.P("s, err := ", oashttpimpl("QueryScalar"), "(value)")
			f.P("if err != nil {")
			fail.P(f, "err")
			f.P("}")
			f.P(dst, " = s")
		}
	}
	for _, prm := range props {
		var names []string
		st := ir.ObjectOf(prm.Type)
		own := make([]string, 0, len(st.Fields)+len(st.Undeclared))
		for _, fd := range st.Fields {
			own = append(own, fd.JSONName)
		}
		// A required name no property declares is the object's too.
		for _, name := range append(own, st.Undeclared...) {
			if !cases[name] {
				cases[name] = true
				names = append(names, strconv.Quote(name))
			}
		}
		if len(names) == 0 {
			continue
		}
		f.P("case ", strings.Join(names, ", "), ": // properties of ", prm.Name)
		addQueryProperty(f, prm, "key")
	}
	if len(deep) > 0 {
		f.P("default:")
		for _, prm := range deep {
			if kind, _ := ir.RequestShape(prm); kind == ir.RawParam {
				f.P("if ", Ident{"strings", "HasPrefix"}, "(key, ", strconv.Quote(prm.Name+"["), ") {")
				f.P("params.", prm.GoName, " = ", oashttpimpl("AppendPair"), "(params.", prm.GoName, ", key, value)")
				f.P("}")
				continue
			}
			f.P("if prop, ok := ", oashttpimpl("DeepObjectKey"), "(key, ", strconv.Quote(prm.Name), "); ok {")
			addQueryProperty(f, prm, "prop")
			f.P("}")
		}
	}
	f.P("}")
	f.P("}")
	after := len(slot) > 0
	for _, prm := range append(append([]*ir.Param{}, props...), deep...) {
		if kind, _ := ir.RequestShape(prm); kind == ir.ObjectParam {
			after = true
		}
	}
	if helpers && after {
		f.P("if err != nil {")
		f.P("return err")
		f.P("}")
	}
	for i, prm := range query {
		kind, elem := ir.RequestShape(prm)
		if prm.Required {
			f.P("if !seen[", slot[prm], "] {")
			paramFail(prm).P(f, oashttp("ErrMissing"))
			f.P("}")
		}
		if kind == ir.ArrayParam {
			f.P("if seen[", slot[prm], "] {")
			assignArray(f, prm, elem, "raw"+strconv.Itoa(i), "params."+prm.GoName)
			f.P("}")
		}
	}
	for _, prm := range append(append([]*ir.Param{}, props...), deep...) {
		if kind, _ := ir.RequestShape(prm); kind != ir.ObjectParam {
			continue
		}
		v := pairsVar(prm)
		f.P("if ", v, " != nil {")
		decodeObject(f, prm, v, false, false)
		if prm.Required {
			f.P("} else {")
			paramFail(prm).P(f, oashttp("ErrMissing"))
		}
		f.P("}")
	}
	return helpers && !after
}

// decodeObject prints code that decodes items into the object parameter p:
// name/value pairs, or, when list is set, the items of the style's list
// ("a,1,b,2", or exploded "a=1,b=2").
func decodeObject(f *file, p *ir.Param, items string, list, exploded bool) {
	fail := paramFail(p)
	st := ir.ObjectOf(p.Type)
	pairs := items
	if list {
		f.P("pairs, err := ", oashttpimpl("ObjectPairs"), "(", items, ", ", exploded, ")")
		f.P("if err != nil {")
		fail.P(f, "err")
		f.P("}")
		pairs = "pairs"
	}
	dst := "&params." + p.GoName
	if !p.Required {
		f.P("params.", p.GoName, ".Set = true")
		dst += ".Value"
	}
	f.P("if err := decode", st.GoName, "Pairs(", dst, ", ", pairs, "); err != nil {")
	fail.P(f, "err")
	f.P("}")
}

// addQueryProperty prints the reading of a query value (value) into the
// name/value pairs of object parameter prm as its property key, a Go
// expression.
func addQueryProperty(f *file, prm *ir.Param, key string) {
	f.P("s, err := ", oashttpimpl("QueryScalar"), "(value)")
	f.P("if err != nil {")
	paramFail(prm).P(f, "err")
	f.P("}")
	f.P("if ", pairsVar(prm), ", err = ", oashttpimpl("AddProperty"), "(", pairsVar(prm), ", ", key, ", s); err != nil {")
	paramFail(prm).P(f, "err")
	f.P("}")
}

// genObjectDecoders prints, for every struct used as an object parameter,
// the function decoding it from name/value pairs, unless the package has it
// already (from another API's server: the webhooks', the callbacks').
func genObjectDecoders(f *file, a *api) {
	for _, st := range a.objects {
		if !f.checks.helper("decode" + st.GoName + "Pairs") {
			continue
		}
		f.P("// decode", st.GoName, "Pairs reads an object parameter of type ", st.GoName, " from")
		switch {
		case st.Closed:
			f.P("// name/value pairs; an unknown name is an error (additionalProperties: false).")
		case st.Additional != nil:
			f.P("// name/value pairs; unknown names are kept in ", st.AdditionalGoName, ".")
		default:
			f.P("// name/value pairs; unknown names are ignored.")
		}
		f.P("func decode", st.GoName, "Pairs(v *", f.declName(st), ", pairs []string) error {")
		var required []*ir.Field
		for _, fd := range st.Fields {
			if fd.Required {
				required = append(required, fd)
			}
		}
		if len(required) > 0 {
			f.P("var seen [", len(required), "]bool")
		}
		f.P("for i := 0; i+1 < len(pairs); i += 2 {")
		f.P("s := pairs[i+1]")
		f.P("switch pairs[i] {")
		r := 0
		for _, fd := range st.Fields {
			f.P("case ", strconv.Quote(fd.JSONName), ":")
			fail := errReturn{pre: []any{"return ", oashttpimpl("PropertyError"), "(", strconv.Quote(fd.JSONName), ", "}, post: []any{")"}}
			dst := "v." + fd.GoName
			if fd.Required {
				f.P("seen[", r, "] = true")
				r++
			}
			if w, _ := fieldShape(fd); w == opt {
				f.P(dst, ".Set = true")
				dst += ".Value"
			}
			f.parseScalar(fd.Type, "s", dst, fail)
		}
		switch {
		case st.Closed:
			f.P("default:")
			f.P("return ", oashttpimpl("PropertyError"), "(pairs[i], ", oashttpimpl("ErrNotAllowed"), ")")
		case st.Additional != nil:
			// A free-form member (ir.ObjectOf): its text, a string.
			m := "v." + st.AdditionalGoName
			f.P("default:")
			f.P("if ", m, " == nil {")
			f.P(m, " = map[string]", f.goType(st.Additional), "{}")
			f.P("}")
			f.P(m, "[pairs[i]] = ", oashttpimpl("TextValue"), "(s)")
		}
		f.P("}")
		f.P("}")
		for i, fd := range required {
			f.P("if !seen[", i, "] {")
			f.P("return ", oashttpimpl("PropertyError"), "(", strconv.Quote(fd.JSONName), ", ", oashttp("ErrMissing"), ")")
			f.P("}")
		}
		pairsChecks(f, st)
		f.P("return nil")
		f.P("}")
		f.P()
	}
}

// pairsChecks prints the checks of the object st on the whole of its
// name/value pairs, once its properties are read: the required names no
// property declares, the count of properties (minProperties,
// maxProperties), and the sets of properties its not forbids together.
func pairsChecks(f *file, st *ir.Struct) {
	fail := returnErr.failf(f)
	for _, name := range st.Undeclared {
		f.P("if !", oashttpimpl("HasPair"), "(pairs, ", strconv.Quote(name), ") {")
		f.P("return ", oashttpimpl("PropertyError"), "(", strconv.Quote(name), ", ", oashttp("ErrMissing"), ")")
		f.P("}")
	}
	if st.MinProps != nil || st.MaxProps != nil {
		f.P("n := ", oashttpimpl("PairCount"), "(pairs)")
		countBounds(f, "n", st.MinProps, st.MaxProps, "properties", fail)
	}
	if st.Not == nil {
		return
	}
	for _, set := range st.Not.Required {
		conds := make([]string, len(set))
		quoted := make([]string, len(set))
		for i, name := range set {
			quoted[i] = strconv.Quote(name)
			conds[i] = f.qual(oashttpimpl("HasPair")) + "(pairs, " + quoted[i] + ")"
		}
		msg := "property " + quoted[0] + " is present, ruled out by the schema's not"
		if len(set) > 1 {
			msg = "properties " + strings.Join(quoted[:len(quoted)-1], ", ") + " and " + quoted[len(quoted)-1] +
				" are present together, ruled out by the schema's not"
		}
		f.P("if ", strings.Join(conds, " && "), " {")
		f.P("return ", Ident{"errors", "New"}, "(", strconv.Quote(msg), ")")
		f.P("}")
	}
}
