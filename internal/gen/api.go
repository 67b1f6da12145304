package gen

import (
	"cmp"
	"net/http"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/oasgen/oasgen/internal/ir"
)

// api is what the router, server and client emitters share: the Go names
// of everything they declare and, per operation, the shape of its
// parameters, body and results.
type api struct {
	ops []*apiOp
	// Exported names, claimed after every model name so they never clash.
	handler, unimplemented, server, newServer, client, newClient string
	newValidator, newContract                                    string
	maxCaptures                                                  int
	// objects are the structs used as object parameters, in first use
	// order.
	objects []*ir.Struct
	// schemes are the security schemes, each with its Handler method.
	schemes []*scheme
	// prefix starts the package-level unexported names the router and
	// server declare (the operations table, the router function and its
	// results), so that the webhooks' set (webhook.go) and the API's live
	// in one package; "" for the API.
	prefix string
	// routePkg is the import path of the router's package when it is not
	// the server's (split.go).
	routePkg string
	// what the handler implements, in its doc comment: "" for the API's
	// operations.
	what string
	// exchange holds the operations with callbacks, whose handlers get
	// the request in their context for the callbacks' URLs
	// (oashttp.ExchangeOf).
	exchange map[*ir.Operation]bool
	// decoders are the parameter decoders rendered so far, by the
	// operation each is made for (paramsDecoder).
	decoders map[*apiOp]*paramsDecoder
	// parts are the parts the operations are split into (opsplit.go):
	// set on the API's api, whose server and client then dispatch to
	// theirs; part is set on each part's own.
	parts []*opPart
	part  *opPart
}

// route names a declaration of the router the server calls, by its name
// in the server's package ("matchRoute", "routeNotFound",
// "routeMethodNotAllowed"): exported from the router's own package when
// the API is split (routePkg, split.go), else a.local(name).
func (a *api) route(name string) Ident {
	if a.routePkg == "" {
		return Ident{"", a.local(name)}
	}
	return Ident{a.routePkg, routeExports[name]}
}

// routeExports are the names the router's package exports.
var routeExports = map[string]string{
	"matchRoute":            "Match",
	"routeNotFound":         "NotFound",
	"routeMethodNotAllowed": "MethodNotAllowed",
}

// local returns the package-level unexported name of the api's own
// declaration name: "matchRoute", or "webhookMatchRoute" for the
// webhooks'.
func (a *api) local(name string) string {
	if a.prefix == "" {
		return name
	}
	return a.prefix + strings.ToUpper(name[:1]) + name[1:]
}

// scheme is a security scheme as the server checks it: what its Handler
// method receives (Credentials), its challenge and its Server method
// (Check), as build decided them.
type scheme struct {
	*ir.SecurityScheme
}

type apiOp struct {
	*ir.Operation
	// index is the operation's in the API (the router's, the root
	// server's); local its in the api printing it, which is a part of
	// the API's operations when they are split (opsplit.go).
	index, local int
	params       string // the params struct, "" when there are no parameters
	body         *apiBody
	result       string // the result interface
	write        string // the unexported method variants implement; an owner's serves all its alike
	variants     []*variant
	// owner is the operation whose result types op's are: op itself, or
	// an earlier operation that answers alike (shareResults), whose types
	// op's names alias. alike are the later operations whose owner op is.
	owner *apiOp
	alike []*apiOp
	// sameParams is the operation whose Params type op's is (op's an
	// alias of it), op itself when it declares its own; decoderOf the
	// operation whose parameter decoder op's handler calls; adder the
	// operation whose addXParams function op's client method calls, nil
	// when it adds its parameters itself. Each is the first operation of
	// the api that build gave the same ir.Share (shareParams), op itself
	// for one without a share.
	sameParams, decoderOf, adder *apiOp
	// captures maps the index of a path parameter in Params to its
	// capture slot in the router's array, or -1 when the path template
	// does not name it.
	captures map[*ir.Param]int
}

// schemeOf returns the scheme as the server checks it.
func (a *api) schemeOf(s *ir.SecurityScheme) *scheme {
	for _, sc := range a.schemes {
		if sc.SecurityScheme == s {
			return sc
		}
	}
	panic("oasgen bug: security scheme " + s.Name + " not collected")
}

type apiBody struct {
	required bool
	json     bool    // decoded into typ: by the generated codecs, or from a form
	jsonType string  // the first JSON media type, "" when there is none
	form     bool    // application/x-www-form-urlencoded is among the media
	typ      ir.Type // for json
	media    []string
	decode   string // helper decoding typ, "" when typ has DecodeJSON
	encode   string // helper encoding typ, "" when typ has EncodeJSON
	// multipart is set for a multipart/form-data body decoded into a
	// struct (json is false then).
	multipart *multipartBody
	// stream is set for a JSON body of an operation with x-oasgen-stream
	// that is an array or holds one: the handler gets an iterator.
	stream *streamVariant
	// seq is set for a body whose one media type is a sequence with
	// typed items (seqmedia.go): the handler gets an iterator.
	seq *seqMedia
}

type variant struct {
	name   string
	resp   *ir.Response // the response the variant is one of
	status string       // "200", "4XX", "default"
	code   int          // for a single status, else 0
	media  *ir.Media
	// more are the other media types a raw body may be in, ctField the
	// field saying which (see ir.Result.More).
	more       []*ir.Media
	ctField    string
	json       bool
	typ        ir.Type
	headers    []*header
	statusCode string // the field holding the status for ranges and default
	bodyField  string
	// stream is set for a JSON response of an operation with
	// x-oasgen-stream whose body is an array or holds one.
	stream *streamVariant
	// seq is set for a sequence with typed items (seqmedia.go).
	seq *seqMedia
}

// streamVariant is a response whose array is written from an iterator by
// the server and read as one by the client.
type streamVariant struct {
	name  string
	arr   *ir.Array
	body  *ir.Struct // the object holding the array, or nil for an array body
	field *ir.Field  // the array property of body
}

// newStream returns the streaming form, named name, of a JSON body of type
// t, or nil when build named none.
func newStream(name string, t ir.Type) *streamVariant {
	if name == "" {
		return nil
	}
	arr, st, fd := ir.StreamBody(t)
	return &streamVariant{name: name, arr: arr, body: st, field: fd}
}

type header struct {
	*ir.Param
	field string
}

func newAPI(pkg *ir.Package) *api {
	a := newAPIOf(pkg.API, pkg.Operations, pkg.SecuritySchemes)
	for _, o := range pkg.Callbacks {
		if a.exchange == nil {
			a.exchange = map[*ir.Operation]bool{}
		}
		a.exchange[o.Callback.Of] = true
	}
	return a
}

// newAPIOf builds the api of a set of operations with its names.
func newAPIOf(n ir.APINames, ops []*ir.Operation, schemes []*ir.SecurityScheme) *api {
	a := &api{
		handler:       n.Handler,
		unimplemented: n.Unimplemented,
		server:        n.Server,
		newServer:     n.NewServer,
		client:        n.Client,
		newClient:     n.NewClient,
		newValidator:  n.NewValidator,
		newContract:   n.NewContractTransport,
		decoders:      map[*apiOp]*paramsDecoder{},
	}
	for _, s := range schemes {
		a.schemes = append(a.schemes, &scheme{s})
	}
	for i, o := range ops {
		op := &apiOp{Operation: o, index: i, local: i, captures: map[*ir.Param]int{}, params: o.ParamsName, result: o.ResultName}
		op.write = o.WriteName
		names := ir.PathParams(o.Path)
		a.maxCaptures = max(a.maxCaptures, len(names))
		for _, p := range o.Params {
			if kind, _ := ir.RequestShape(p); kind == ir.ObjectParam {
				st := ir.ObjectOf(p.Type)
				if !slices.Contains(a.objects, st) {
					a.objects = append(a.objects, st)
				}
			}
			if p.In != ir.InPath {
				continue
			}
			op.captures[p] = -1
			for i, n := range names {
				if n == p.Name {
					op.captures[p] = i
					break
				}
			}
		}
		if o.Body != nil && len(o.Body.Content) > 0 {
			op.body = newBody(o)
			if b := op.body; b.json && b.form {
				if st := ir.ObjectOf(b.typ); !slices.Contains(a.objects, st) {
					a.objects = append(a.objects, st)
				}
			}
		}
		for _, r := range o.Response {
			for _, res := range r.Results {
				v := &variant{name: res.GoName, resp: r, status: r.Status, media: res.Media, more: res.More, ctField: res.ContentTypeField, statusCode: res.StatusField, bodyField: res.BodyField}
				if n, err := strconv.Atoi(r.Status); err == nil {
					v.code = n
				}
				if m := res.Media; m != nil {
					v.json = m.Kind == ir.MediaJSON
					v.typ = m.Type
					if v.typ == nil {
						v.typ = &ir.Any{}
					}
				}
				v.stream = newStream(res.Stream, v.typ)
				v.seq = newSeqMedia(res.Media)
				for _, h := range res.Headers {
					v.headers = append(v.headers, &header{Param: h.Param, field: h.Field})
				}
				op.variants = append(op.variants, v)
			}
		}
		a.ops = append(a.ops, op)
	}
	shareResults(a.ops)
	a.shareParams()
	return a
}

// shareParams points each operation at the first of the api's operations
// that build gave the same shares of parameters (ir.Operation's
// ParamsType, ParamsDecoder and ParamsAdder). An adder only one operation
// would call is not declared: that operation adds its parameters itself.
func (a *api) shareParams() {
	first := map[*ir.Share]*apiOp{}
	users := map[*ir.Share]int{}
	of := func(s *ir.Share, op *apiOp) *apiOp {
		if s == nil {
			return nil
		}
		if op.params == "" {
			panic("oasgen bug: " + op.GoName + " has no parameters and shares their code")
		}
		if first[s] == nil {
			first[s] = op
		}
		users[s]++
		return first[s]
	}
	for _, op := range a.ops {
		op.sameParams = cmp.Or(of(op.ParamsType, op), op)
		op.decoderOf = cmp.Or(of(op.ParamsDecoder, op), op)
		op.adder = of(op.ParamsAdder, op)
	}
	for _, op := range a.ops {
		if op.adder != nil && users[op.ParamsAdder] < 2 {
			op.adder = nil
		}
	}
}

// newBody returns the body of o as the emitters print it, in the kind
// build decided (ir.BodyKind).
func newBody(o *ir.Operation) *apiBody {
	b := &apiBody{required: o.Body.Required}
	first := o.Body.Content[0]
	switch o.Body.Kind {
	case ir.BodyMultipart:
		b.multipart = newMultipart(o)
		b.media = []string{first.ContentType}
		return b
	case ir.BodySeq:
		b.seq = newSeqMedia(first)
		b.media = []string{first.ContentType}
		return b
	}
	for _, m := range o.Body.Content {
		b.media = append(b.media, m.ContentType)
		if m.Kind == ir.MediaJSON && b.jsonType == "" {
			b.jsonType = concreteType(m.ContentType)
		}
		b.form = b.form || m.Kind == ir.MediaForm
	}
	if o.Body.Kind == ir.BodyTyped {
		b.json = true
		b.typ = first.Type
		if b.typ == nil {
			b.typ = &ir.Any{}
		}
		b.decode, b.encode = o.BodyNames.Decode, o.BodyNames.Encode
		if !b.form {
			b.stream = newStream(o.BodyNames.Stream, b.typ)
		}
	}
	return b
}

// concreteType is the media type a server writes for a declared media
// range: wildcards become application/octet-stream.
func concreteType(ct string) string {
	if strings.Contains(ct, "*") {
		return "application/octet-stream"
	}
	return ct
}

// mediaTypes are the media types of a variant, in the spec's order.
func (v *variant) mediaTypes() []string {
	if v.media == nil {
		return nil
	}
	types := []string{v.media.ContentType}
	for _, m := range v.more {
		types = append(types, m.ContentType)
	}
	return types
}

// isRange reports whether a response status is a range such as "4XX".
func isRange(s string) bool {
	return len(s) == 3 && s[0] >= '1' && s[0] <= '5' && strings.EqualFold(s[1:], "XX")
}

// defaultStatus is the status a ranged or default variant writes when its
// StatusCode field is zero.
func defaultStatus(s string) int {
	if isRange(s) {
		return int(s[0]-'0') * 100
	}
	return http.StatusInternalServerError
}

// paramType returns the Go type of a parameter's field; objects are parsed
// only in requests.
func (f *file) paramType(p *ir.Param, request bool) string {
	kind, _ := ir.ParamShape(p.Type)
	if request {
		kind, _ = ir.RequestShape(p)
	}
	switch kind {
	case ir.RawParam:
		return "string"
	case ir.ArrayParam:
		return f.goType(ir.UnNull(p.Type))
	}
	t := f.goType(ir.UnNull(p.Type))
	if !p.Required {
		return f.qual(oasrt("Opt")) + "[" + t + "]"
	}
	return t
}

// scalarParse returns the runtime parser call for a scalar (with %s for
// the text) and the kind whose Go type it returns.
func (f *file) scalarParse(p *ir.Prim) (call string, base ir.PrimKind) {
	switch p.Kind {
	case ir.String:
		return "", ir.String
	case ir.Bool:
		return f.qual(oashttpimpl("ParseBool")) + "(%s)", ir.Bool
	case ir.Int32:
		return f.qual(oashttpimpl("ParseInt")) + "(%s, 32)", ir.Int64
	case ir.Int64:
		return f.qual(oashttpimpl("ParseInt")) + "(%s, 64)", ir.Int64
	case ir.Uint32:
		return f.qual(oashttpimpl("ParseUint")) + "(%s, 32)", ir.Uint64
	case ir.Uint64:
		return f.qual(oashttpimpl("ParseUint")) + "(%s, 64)", ir.Uint64
	case ir.Float32:
		return f.qual(oashttpimpl("ParseFloat")) + "(%s, 32)", ir.Float64
	case ir.Float64:
		return f.qual(oashttpimpl("ParseFloat")) + "(%s, 64)", ir.Float64
	case ir.DateTime:
		return f.qual(oashttpimpl("ParseTime")) + "(%s)", p.Kind
	case ir.Date:
		return f.qual(oashttpimpl("ParseDateValue")) + "(%s)", p.Kind
	case ir.UUID:
		return f.qual(oashttpimpl("ParseUUIDValue")) + "(%s)", p.Kind
	case ir.Bytes:
		return f.qual(oashttpimpl("ParseBytes64")) + "(%s)", p.Kind
	case ir.IPv4:
		return f.qual(oashttpimpl("ParseAddr")) + "(%s, 4)", p.Kind
	case ir.IPv6:
		return f.qual(oashttpimpl("ParseAddr")) + "(%s, 6)", p.Kind
	case ir.Decimal:
		return f.qual(oasrt("ParseDecimal")) + "(%s)", p.Kind
	}
	return f.qual(oashttpimpl("ParseAddr")) + "(%s, 0)", p.Kind
}

// definedType reports whether the Go type of a scalar parameter type is a
// defined type of the package (an alias schema over a primitive), which
// values of the primitive's Go type must be converted to.
func definedType(t ir.Type) bool {
	r, ok := ir.UnNull(t).(*ir.Ref)
	if !ok {
		return false
	}
	if a, ok := r.Decl.(*ir.Alias); ok && goAlias(a) {
		return definedType(a.Type)
	}
	return true
}

// parseScalar prints code that parses the string expression s into dst, a
// variable of t's Go type; fail is the statement that reports an error. It declares x or n and err: callers give each
// call a scope of its own. It also checks the scalar's constraints and
// string format, as the JSON decoders do.
func (f *file) parseScalar(t ir.Type, s, dst string, fail errReturn) {
	k := f.checks
	prim, enum, _ := ir.ScalarOf(t)
	if enum != nil && len(enum.Values) == 0 {
		// Every value of the enum was left out (out of its format's
		// range): nothing parses.
		f.P("if true { // the enum has no value")
		fail.P(f, oashttpimpl("InvalidValue"), "(", s, ", ", strconv.Quote(enum.GoName), ")")
		f.P("}")
		return
	}
	if enum != nil {
		if enum.Base.Kind == ir.String {
			f.P("switch ", s, " {")
			for _, v := range enum.Values {
				f.P("case ", strconv.Quote(v.Str), ":")
				f.P(dst, " = ", f.declMember(enum, v.GoName))
			}
		} else {
			f.P("n, err := ", f.qual(oashttpimpl("ParseInt")), "(", s, ", 64)")
			f.P("if err != nil {")
			fail.P(f, "err")
			f.P("}")
			f.P("switch n {")
			for _, v := range enum.Values {
				f.P("case ", v.Int, ":")
				f.P(dst, " = ", f.declMember(enum, v.GoName))
			}
		}
		f.P("default:")
		fail.P(f, oashttpimpl("InvalidValue"), "(", s, ", ", strconv.Quote(enum.GoName), ")")
		f.P("}")
		return
	}
	call, base := f.scalarParse(prim)
	x := s
	if call != "" {
		f.P("x, err := ", strings.Replace(call, "%s", s, 1))
		f.P("if err != nil {")
		fail.P(f, "err")
		f.P("}")
		x = "x"
	}
	k.primChecks(f, prim, x, true, fail.failf(f))
	if definedType(t) || base != prim.Kind {
		x = f.goType(ir.UnNull(t)) + "(" + x + ")"
	}
	f.P(dst, " = ", x)
}

// formatScalar returns the expression formatting x, of t's Go type, as
// parameter text.
func (f *file) formatScalar(t ir.Type, x string) string {
	prim, enum, _ := ir.ScalarOf(t)
	var kind ir.PrimKind
	if enum != nil {
		kind = enum.Base.Kind
	} else {
		kind = prim.Kind
	}
	// conv converts x to the Go type of base when its own type differs.
	conv := func(base ir.PrimKind) string {
		if !definedType(t) && enum == nil && base == kind {
			return x
		}
		return f.primType(base) + "(" + x + ")"
	}
	sc := func(name string) string { return f.qual(Ident{"strconv", name}) }
	switch kind {
	case ir.String:
		return conv(ir.String)
	case ir.Bool:
		return sc("FormatBool") + "(" + conv(ir.Bool) + ")"
	case ir.Int32, ir.Int64:
		return sc("FormatInt") + "(" + conv(ir.Int64) + ", 10)"
	case ir.Uint32, ir.Uint64:
		return sc("FormatUint") + "(" + conv(ir.Uint64) + ", 10)"
	case ir.Float32:
		return f.qual(oashttpimpl("FormatFloat")) + "(" + conv(ir.Float64) + ", 32)"
	case ir.Float64:
		return f.qual(oashttpimpl("FormatFloat")) + "(" + conv(ir.Float64) + ", 64)"
	case ir.DateTime:
		return f.qual(oashttpimpl("FormatTime")) + "(" + x + ")"
	case ir.Bytes:
		return f.qual(oashttpimpl("FormatBytes64")) + "(" + conv(ir.Bytes) + ")"
	case ir.Decimal:
		return "string(" + x + ")"
	}
	return x + ".String()" // Date, UUID, netip.Addr
}

// pathStyle returns the prefix and separator of a path parameter's style
// (OpenAPI 3.1, 4.8.12.4): simple, label or matrix.
func pathStyle(p *ir.Param) (prefix, sep string) {
	switch p.Style {
	case ir.StyleLabel:
		if p.Explode {
			return ".", "."
		}
		return ".", ","
	case ir.StyleMatrix:
		if p.Explode {
			return ";" + p.Name + "=", ";" + p.Name + "="
		}
		return ";" + p.Name + "=", ","
	}
	return "", ","
}

// objectStyle returns the prefix and separator of an object path parameter
// (OpenAPI 3.1, 4.8.12.4): exploded matrix objects name their properties,
// not the parameter.
func objectStyle(p *ir.Param) (prefix, sep string) {
	if p.Style == ir.StyleMatrix && p.Explode {
		return ";", ";"
	}
	return pathStyle(p)
}

// querySep returns the delimiter of a non-exploded array in a query
// parameter's style.
func querySep(p *ir.Param) string {
	switch p.Style {
	case ir.StyleSpaceDelimited:
		return "' '"
	case ir.StylePipeDelimited:
		return "'|'"
	}
	return "','"
}

// exploded reports whether an array query parameter repeats its name per
// item: form with explode (the default); spaceDelimited and pipeDelimited
// with explode true mean the same (OpenAPI 3.1, 4.8.12.4).
func exploded(p *ir.Param) bool {
	return p.Explode && p.Style != ir.StyleDeepObject
}

// paramDoc prints the doc comment of a parameter field.
func (f *file) paramDoc(p *ir.Param) {
	where := string(p.In) + " parameter " + strconv.Quote(p.Name)
	if p.Style != "" {
		where += ", style " + string(p.Style)
		if p.Explode {
			where += ", exploded"
		}
	}
	if p.Required {
		where += ", required"
	}
	f.P("// ", p.GoName, " is the ", where, ".")
	if p.Doc.Description != "" {
		f.comment(p.Doc.Description)
	}
	if kind, _ := ir.RequestShape(p); kind == ir.RawParam {
		switch {
		case p.In == ir.InQuery && p.Style == ir.StyleDeepObject:
			f.P("//")
			f.P("// Not parsed: oasgen does not parse object parameters yet; it holds")
			f.P("// the parameter's pairs as a raw query (\"", p.Name, "[a]=1&", p.Name, "[b]=2\").")
		case p.In == ir.InQuery && p.Explode:
			f.P("//")
			f.P("// Not parsed: oasgen does not parse object parameters yet; the")
			f.P("// server sets it to the whole raw query string, and the client")
			f.P("// appends it to the query as it is.")
		default:
			f.P("//")
			f.P("// Not parsed: oasgen does not parse object parameters yet; it holds")
			f.P("// the parameter's text, percent-decoded, and is empty when absent.")
		}
	}
	if p.Doc.Deprecated {
		f.P("//")
		f.P("// Deprecated: the parameter is marked deprecated.")
	}
}

// sortedMethods returns the methods of ops, sorted, for Allow headers.
func sortedMethods(ops []*apiOp) []string {
	var ms []string
	for _, o := range ops {
		ms = append(ms, o.Method)
	}
	sort.Strings(ms)
	return ms
}

// opLine returns the first line of an operation's doc comment: a summary
// written over several lines is joined into one.
func opLine(o *apiOp) string {
	s := o.Method + " " + o.Path
	if o.Webhook != "" {
		s = "the webhook " + o.Webhook + " (" + o.Method + ", routed at " + o.Path + ")"
	}
	if c := o.Callback; c != nil {
		s = "the callback " + c.Name + " of " + c.Of.ID + " (" + o.Method + " " + c.URL + ", routed at " + o.Path + ")"
	}
	if summary := strings.Join(strings.Fields(o.Summary), " "); summary != "" {
		s += ": " + summary
	}
	return s
}
