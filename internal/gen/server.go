// This file holds the server's wiring: the types the server and client
// share, the Server that routes requests to the Handler, and each
// operation's handler, which decodes the request and its body and writes
// the result.

package gen

import (
	"cmp"
	"strconv"
	"strings"

	"github.com/oasgen/oasgen/internal/ir"
)

var (
	httpPkg = func(name string) Ident { return Ident{"net/http", name} }
	ctxType = Ident{"context", "Context"}
)

// genTypes prints the types the server and client share: the params
// structs, the result interfaces and their variants.
//
// Without the server (server false) the results are sealed by a marker
// method instead of their writers, so a client-only package holds no
// response-writing code.
func genTypes(f *file, a *api, server bool) {
	if server {
		genSealType(f)
	}
	for _, op := range a.ops {
		f.cut()
		genParamsType(f, a, op)
		if op.body != nil && op.body.multipart != nil {
			genMultipartType(f, op)
		}
		if op.body != nil && op.body.stream != nil {
			genBodyStreamType(f, op)
		}
		if op.owner != op {
			genResultAliases(f, op)
			continue
		}
		names := make([]string, len(op.variants))
		for i, v := range op.variants {
			names[i] = v.name
		}
		f.P("// ", op.result, " is the result of ", op.GoName, ": one of")
		f.P("// ", strings.Join(names, ", "), ".")
		if len(op.alike) > 0 {
			f.P("//")
			f.P("// ", alikeDoc(op))
		}
		f.P("type ", f.declType(op.result), " interface {")
		if server {
			f.P("// ", op.write, " answers r; an error means nothing was written.")
			f.P(op.write, "(rw ", httpPkg("ResponseWriter"), ", r *", httpPkg("Request"), f.writerSeal(), ") error")
		} else {
			f.P(sealName(op), "()")
		}
		f.P("}")
		f.P()
		for _, v := range op.variants {
			genVariant(f, op, v, server)
			if v.stream != nil {
				genStreamVariant(f, op, v, server)
			}
		}
	}
}

// genParamsType prints op's Params type, if it has parameters.
func genParamsType(f *file, a *api, op *apiOp) {
	if op.params == "" {
		return
	}
	// An operation whose parameters are an earlier one's, their
	// comments included, gets an alias of that one's type: a type
	// defined as it would compile the struct's equality again.
	if same := op.sameParams; same != op {
		f.P("// ", op.params, " holds the parameters of ", op.GoName, ", which are ", same.GoName, "'s.")
		f.P("type ", f.declType(op.params), " = ", same.params)
	} else {
		f.P("// ", op.params, " holds the parameters of ", op.GoName, ".")
		f.P("type ", f.declType(op.params), " struct {")
		for _, p := range op.Params {
			f.paramDoc(p)
			f.P(p.GoName, " ", f.paramType(p, true))
		}
		f.P("}")
	}
	f.P()
}

// handlerSig returns an operation's parameter list, as in the Handler and
// the Client.
func (f *file) handlerSig(op *apiOp) string {
	s := "(ctx " + f.qual(ctxType)
	if op.params != "" {
		s += ", params " + op.params
	}
	if op.body != nil {
		s += ", body " + f.bodyType(op.body)
	}
	return s + ") (" + op.result + ", error)"
}

func (f *file) bodyType(b *apiBody) string {
	if b.seq != nil {
		return f.seqType(b.seq)
	}
	if b.stream != nil {
		return b.stream.name
	}
	if b.multipart != nil {
		return "*" + b.multipart.name
	}
	if b.json {
		return "*" + f.goType(b.typ)
	}
	return f.qual(oashttp("RawBody"))
}

func genServer(f *file, a *api) {
	n := len(a.ops)
	f.P("// ", a.handler, " implements ", cmp.Or(a.what, "the operations of the API"), ", one method each. A")
	f.P("// method returns one of its result's variants, or an error: a *", oashttp("Problem"))
	f.P("// is written as it is, any other error as a 500 that does not disclose it.")
	f.P("// Embed ", a.unimplemented, " to answer 501 for operations not written yet.")
	f.P("type ", f.declType(a.handler), " interface {")
	if a.parts == nil {
		handlerMethods(f, a)
	}
	for _, p := range a.parts {
		f.P(f.qual(Ident{p.server.path, a.handler}))
	}
	for _, sc := range a.schemes {
		f.P()
		f.P("// ", sc.Method, " checks the credentials of security scheme ", strconv.Quote(sc.Name), " (", schemeWhat(sc), ")")
		f.P("// for the operation named; it returns the context the operation runs with.")
		f.P("// Return ", oashttp("ErrForbidden"), " (wrapped or not) for valid credentials that lack")
		f.P("// a permission: 403; any other error is a 401.")
		f.P(sc.Method, f.securitySig(sc))
	}
	f.P("}")
	f.P()
	if a.parts == nil {
		genUnimplementedType(f, a)
	}

	authz, authorize := authorizers(a)
	f.P("// ", a.local("operations"), " lists the operations by index: operationId, path template, tags")
	f.P("// and the media types of the responses (none when a response has no body,")
	if len(authz) > 0 {
		f.P("// which any Accept header takes), and the method checking the security")
		f.P("// of those that have some.")
	} else {
		f.P("// which any Accept header takes).")
	}
	f.P("var ", a.local("operations"), " = [", n, "]struct {")
	f.P("id, path      string")
	f.P("tags, produces []string")
	if len(authz) > 0 {
		f.P("authorize func(*", a.server, ", *", httpPkg("Request"), ", string) (", ctxType, ", error)")
	}
	f.P("}{")
	for _, op := range a.ops {
		tagList := "nil"
		if len(op.Tags) > 0 {
			tagList = "[]string{" + quoteList(op.Tags) + "}"
		}
		offers := offersLit(op)
		check := ""
		if len(authz) > 0 {
			check = ", nil"
			if az := authorize[op]; az != nil {
				check = ", (*" + a.server + ")." + az.name
			}
		}
		f.P("{", strconv.Quote(op.ID), ", ", strconv.Quote(op.Path), ", ", tagList, ", ", offers, check, "},")
	}
	f.P("}")
	f.P()

	f.P("// ", a.server, " serves the API: an http.Handler that routes each request to its")
	f.P("// operation, decodes the parameters and body, calls the ", a.handler, " and writes")
	f.P("// the result. It can be mounted under any mux or path prefix (with")
	f.P("// http.StripPrefix): it routes on the path it is given.")
	f.P("type ", f.declType(a.server), " struct {")
	f.P("h    ", a.handler)
	f.P("cfg  *", oashttpimpl("Server"))
	f.P("// root is the router wrapped in the server-wide middleware; nil")
	f.P("// without, when ServeHTTP routes directly.")
	f.P("root ", httpPkg("Handler"))
	f.P("// ops holds the operations wrapped in their middleware; nil for those")
	f.P("// without, which are called directly.")
	f.P("ops [", n, "]", httpPkg("Handler"))
	if a.parts != nil {
		f.P("// parts serve the operations of their parts (", a.local("partOf"), ").")
		f.P("parts [", len(a.parts), "]interface {")
		f.P("Call(op int, w ", httpPkg("ResponseWriter"), ", r *", httpPkg("Request"), ", p []string, esc bool)")
		f.P("}")
	}
	f.P("}")
	f.P()
	if a.parts != nil {
		genPartTables(f, a)
	}
	f.P("// ", a.newServer, " returns a server for h. Middleware given in opts is composed")
	f.P("// here, once; it panics when an operation middleware names an operationId")
	f.P("// the spec does not have.")
	f.P("func ", a.newServer, "(h ", a.handler, ", opts ...", oashttp("ServerOption"), ") *", a.server, " {")
	f.P("ids := make([]string, len(", a.local("operations"), "))")
	f.P("for i, o := range ", a.local("operations"), " {")
	f.P("ids[i] = o.id")
	f.P("}")
	f.P("s := &", a.server, "{h: h, cfg: ", oashttpimpl("NewServer"), "(ids, opts)}")
	if a.parts != nil {
		f.P("s.parts = [", len(a.parts), "]interface {")
		f.P("Call(op int, w ", httpPkg("ResponseWriter"), ", r *", httpPkg("Request"), ", p []string, esc bool)")
		f.P("}{")
		for i, p := range a.parts {
			begin := "nil"
			if len(authz) > 0 {
				begin = "s.beginIn(" + strconv.Itoa(i) + ")"
			}
			f.P(f.qual(Ident{p.server.path, a.newServer}), "(h, s.cfg, ", begin, "),")
		}
		f.P("}")
	}
	f.P("for i, o := range ", a.local("operations"), " {")
	f.P("call := ", httpPkg("HandlerFunc"), "(func(w ", httpPkg("ResponseWriter"), ", r *", httpPkg("Request"), ") {")
	f.P("p, esc := ", oashttpimpl("PathParams"), "(r)")
	f.P("s.call(i, w, r, p, esc)")
	f.P("})")
	f.P("s.ops[i] = s.cfg.Operation(call, o.id, o.path, o.tags)")
	f.P("}")
	f.P("s.root = s.cfg.Root(", httpPkg("HandlerFunc"), "(s.route))")
	f.P("return s")
	f.P("}")
	f.P()
	f.P("// ServeHTTP implements http.Handler. A panic below it becomes a 500.")
	f.P("func (s *", a.server, ") ServeHTTP(w ", httpPkg("ResponseWriter"), ", r *", httpPkg("Request"), ") {")
	f.P("defer s.recover(w, r)")
	f.P("if s.root != nil {")
	f.P("s.root.ServeHTTP(w, r)")
	f.P("return")
	f.P("}")
	f.P("s.route(w, r)")
	f.P("}")
	f.P()
	f.P("// recover handles a panic below ServeHTTP (see ", oashttpimpl("Server"), ".Recovered),")
	f.P("// naming the operation r is routed to: routing again, on this path only,")
	f.P("// costs the requests that do not panic nothing.")
	f.P("func (s *", a.server, ") recover(w ", httpPkg("ResponseWriter"), ", r *", httpPkg("Request"), ") {")
	f.P("v := recover()")
	f.P("if v == nil {")
	f.P("return")
	f.P("}")
	f.P("var p [", max(a.maxCaptures, 1), "]string")
	f.P("path, esc := ", oashttpimpl("RoutePath"), "(r.URL)")
	f.P("id := \"\"")
	f.P("if op, _ := ", a.route("matchRoute"), "(r.Method, path, esc, &p); op >= 0 {")
	f.P("id = ", a.local("operations"), "[op].id")
	f.P("}")
	f.P("s.cfg.Recovered(w, r, id, v)")
	f.P("}")
	f.P()
	f.P("// route matches the request to an operation and calls it.")
	f.P("func (s *", a.server, ") route(w ", httpPkg("ResponseWriter"), ", r *", httpPkg("Request"), ") {")
	f.P("var p [", max(a.maxCaptures, 1), "]string")
	f.P("path, esc := ", oashttpimpl("RoutePath"), "(r.URL)")
	f.P("op, allow := ", a.route("matchRoute"), "(r.Method, path, esc, &p)")
	f.P("switch op {")
	f.P("case ", a.route("routeNotFound"), ":")
	f.P("s.cfg.Error(w, r, ", oashttp("ErrNotFound"), ")")
	f.P("return")
	f.P("case ", a.route("routeMethodNotAllowed"), ":")
	f.P("s.cfg.Error(w, r, &", oashttp("MethodError"), "{Method: r.Method, Allow: allow})")
	f.P("return")
	f.P("}")
	f.P("if r.URL.RawQuery != \"\" {")
	f.P("if err := s.cfg.CheckQuery(r); err != nil {")
	f.P("s.cfg.Error(w, r, err)")
	f.P("return")
	f.P("}")
	f.P("}")
	f.P("if h := s.ops[op]; h != nil {")
	f.P("h.ServeHTTP(w, ", oashttpimpl("WithPathParams"), "(r, append([]string(nil), p[:]...), esc))")
	f.P("return")
	f.P("}")
	f.P("s.call(op, w, r, p[:], esc)")
	f.P("}")
	f.P()
	f.P("// call serves operation op with the path parameters p, escaped or not")
	f.P("// as ", oashttpimpl("RoutePath"), " said.")
	f.P("func (s *", a.server, ") call(op int, w ", httpPkg("ResponseWriter"), ", r *", httpPkg("Request"), ", p []string, esc bool) {")
	if a.parts != nil {
		f.P("at := ", a.local("partOf"), "[op]")
		f.P("s.parts[at.part].Call(int(at.op), w, r, p, esc)")
	} else {
		genCallSwitch(f, a)
	}
	f.P("}")
	f.P()
	if len(authz) > 0 {
		f.P("// begin checks the credentials of request r to operation op, then, when")
		f.P("// the operation has media types to offer, its Accept header; it returns the")
		f.P("// context the operation runs with, or false once it has answered r.")
		f.P("func (s *", a.server, ") begin(w ", httpPkg("ResponseWriter"), ", r *", httpPkg("Request"), ", op int) (", ctxType, ", bool) {")
		f.P("o := &", a.local("operations"), "[op]")
		f.P("ctx, err := o.authorize(s, r, o.id)")
		f.P("if err != nil {")
		f.P("s.cfg.Error(w, r, err)")
		f.P("return nil, false")
		f.P("}")
		f.P("if o.produces != nil && !s.cfg.Accepts(w, r, o.produces) {")
		f.P("return nil, false")
		f.P("}")
		f.P("return ctx, true")
		f.P("}")
		f.P()
		if a.parts != nil {
			f.P("// beginIn returns begin for the operations of part k, by their index")
			f.P("// in it.")
			f.P("func (s *", a.server, ") beginIn(k int) func(", httpPkg("ResponseWriter"), ", *", httpPkg("Request"), ", int) (", ctxType, ", bool) {")
			f.P("return func(w ", httpPkg("ResponseWriter"), ", r *", httpPkg("Request"), ", op int) (", ctxType, ", bool) {")
			f.P("return s.begin(w, r, int(", a.local("partOps"), "[k][op]))")
			f.P("}")
			f.P("}")
			f.P()
		}
	}
	if a.parts == nil {
		for _, op := range a.ops {
			f.cut()
			genHandle(f, a, op)
		}
		genObjectDecoders(f, a)
	}
	genSecurity(f, a, authz)
}

// genUnimplementedType prints the Unimplemented type of the API: with
// the operations in parts (opsplit.go), in a package of its own,
// embedding the parts'.
func genUnimplementedType(f *file, a *api) {
	// Named in text, not imported: with the operations in parts, the
	// package may name nothing else of oashttp.
	f.P("// ", a.unimplemented, " answers every operation with 501 Not Implemented: its")
	f.P("// methods return oashttp.ErrNotImplemented. Embed it in a ", a.handler, " so that")
	f.P("// operations added to the spec do not break the build.")
	if a.parts == nil {
		f.P("type ", f.declType(a.unimplemented), " struct{}")
		f.P()
		genUnimplemented(f, a)
	} else {
		f.P("type ", f.declType(a.unimplemented), " struct {")
		for _, p := range a.parts {
			f.P(opPartField(p, "Unimplemented"))
		}
		f.P("}")
		f.P()
		for _, p := range a.parts {
			f.P("type ", opPartField(p, "Unimplemented"), " = ", f.qual(Ident{p.server.path, a.unimplemented}))
		}
		f.P()
	}
	for _, sc := range a.schemes {
		f.P("// ", sc.Method, " rejects every request: no credentials are valid until it is written.")
		f.P("func (", a.unimplemented, ") ", sc.Method, f.securitySig(sc), " {")
		f.P("return nil, ", oashttp("ErrNotImplemented"))
		f.P("}")
		f.P()
	}
}

// handlerMethods prints the Handler's methods of a's operations.
func handlerMethods(f *file, a *api) {
	for _, op := range a.ops {
		f.P("// ", op.GoName, " handles ", opLine(op))
		if op.body != nil {
			if (op.body.json || op.body.seq != nil) && !op.body.required {
				f.P("// The body is nil when the request has none.")
			}
		}
		f.P(op.GoName, f.handlerSig(op))
	}
}

// genUnimplemented prints the Unimplemented's methods of a's operations.
func genUnimplemented(f *file, a *api) {
	for _, op := range a.ops {
		f.cut()
		noinlineInPart(f, a)
		f.P("func (", a.unimplemented, ") ", op.GoName, f.handlerSig(op), " {")
		f.P("return nil, ", oashttp("ErrNotImplemented"))
		f.P("}")
		f.P()
	}
}

// genPartTables prints the tables mapping the operations' indexes in the
// API to their parts' and back (opsplit.go).
func genPartTables(f *file, a *api) {
	type at struct{ part, op int }
	of := make([]at, len(a.ops))
	for i, p := range a.parts {
		for j, op := range p.ops {
			of[op] = at{i, j}
		}
	}
	f.P("// ", a.local("partOf"), " holds the part of each operation, by index: where in")
	f.P("// ", a.server, ".parts its server is, and the operation's index there.")
	f.P("var ", a.local("partOf"), " = [", len(of), "]struct{ part, op uint16 }{")
	for _, x := range of {
		f.P("{", x.part, ", ", x.op, "},")
	}
	f.P("}")
	f.P()
	f.P("// ", a.local("partOps"), " holds the index of each part's operations, by")
	f.P("// their index in the part.")
	f.P("var ", a.local("partOps"), " = [", len(a.parts), "][]uint16{")
	for _, p := range a.parts {
		var b strings.Builder
		for _, op := range p.ops {
			b.WriteString(strconv.Itoa(op) + ", ")
		}
		f.P("{", strings.TrimSuffix(b.String(), ", "), "},")
	}
	f.P("}")
	f.P()
}

// offersLit returns the media types of op's responses as a []string
// literal, "nil" when it has none to offer (produces).
func offersLit(op *apiOp) string {
	if list := produces(op); len(list) > 0 {
		return "[]string{" + strings.Join(list, ", ") + "}"
	}
	return "nil"
}

// genCallSwitch prints the switch of a server's call, which hands
// operation op to its handler.
func genCallSwitch(f *file, a *api) {
	f.P("switch op {")
	for _, op := range a.ops {
		f.P("case ", op.index, ":")
		f.P("s.handle", op.GoName, "(w, r, p, esc)")
	}
	f.P("}")
}

func genHandle(f *file, a *api, op *apiOp) {
	f.P("// handle", op.GoName, " serves ", op.Method, " ", op.Path, ".")
	f.P("func (s *", a.server, ") handle", op.GoName, "(w ", httpPkg("ResponseWriter"), ", r *", httpPkg("Request"), ", p []string, esc bool) {")
	if hasEvents(op) {
		f.P("r = s.cfg.EventRequest(r) // Last-Event-ID for the handler, the heartbeat for the stream")
	}
	args := "r.Context()"
	switch {
	case op.Security != nil:
		// the security first: a request without credentials is a 401
		// whatever it accepts
		f.P("ctx, ok := s.begin(w, r, ", op.index, ")")
		f.P("if !ok {")
		f.P("return")
		f.P("}")
		args = "ctx"
	case len(produces(op)) > 0:
		f.P("if !s.cfg.Accepts(w, r, ", a.local("operations"), "[", op.local, "].produces) {")
		f.P("return")
		f.P("}")
	}
	if a.exchange[op.Operation] {
		f.P("xctx := ", oashttpimpl("WithExchange"), "(", args, ", r, ", pathNamesLit(op.Path), ", p, esc)")
		args = "xctx"
	}
	var decoder *paramsDecoder
	if op.params != "" {
		decoder = decodeParams(f, f, a, op)
		args += ", params"
		f.P("s.cfg.Error(w, r, err)")
		f.P("return")
		f.P("}")
	}
	if b := op.body; b != nil {
		args += ", body"
		if b.multipart != nil {
			multipartHandle(f, op)
		} else if b.stream != nil {
			streamBody(f, op)
		} else if b.seq != nil {
			seqRequestBody(f, op)
		} else if b.json {
			goT := f.goType(b.typ)
			switch {
			case b.form && b.jsonType != "":
				f.P("var body *", goT)
				f.P("if ", oashttpimpl("IsForm"), "(r.Header.Get(\"Content-Type\")) {")
				formBody(f, op, goT)
				f.P("} else {")
				f.P("var err error")
				jsonBody(f, op, goT, "=")
				f.P("}")
			case b.form:
				f.P("var body *", goT)
				formBody(f, op, goT)
			default:
				jsonBody(f, op, goT, ":=")
			}
		} else {
			media := make([]string, len(b.media))
			for i, m := range b.media {
				media[i] = strconv.Quote(m)
			}
			f.P("body, err := s.cfg.RawRequestBody(w, r, ", b.required, ", []string{", strings.Join(media, ", "), "})")
			f.P("if err != nil {")
			f.P("s.cfg.Error(w, r, err)")
			f.P("return")
			f.P("}")
		}
	}
	f.P("res, err := s.h.", op.GoName, "(", args, ")")
	f.P("if err == nil && res != nil {")
	if f.sealsWriters() {
		f.P("err = res.", op.owner.write, "(w, s.cfg.ResponseRequest(r), nil)")
	} else {
		f.P("err = res.", op.owner.write, "(w, s.cfg.ResponseRequest(r))")
	}
	f.P("}")
	f.P("s.cfg.Done(w, r, ", strconv.Quote(op.ID), ", res == nil, err)")
	f.P("}")
	f.P()
	genParamsDecoder(f, op, decoder)
	if b := op.body; b != nil && b.multipart != nil {
		genMultipartDecode(f, op)
	}
	genBodyDecoder(f, op)
}

// genBodyDecoder prints the function decoding op's JSON request body,
// for a body type without a DecodeJSON method.
func genBodyDecoder(f *file, op *apiOp) {
	if b := op.body; b != nil && b.decode != "" {
		c := &codec{file: f}
		f.P("// ", b.decode, " reads the request body of ", op.GoName, ".")
		f.P("func ", b.decode, "(v *", f.goType(b.typ), ", r *", oasimpl("Reader"), ") error {")
		c.dec(b.typ, "(*v)", nil)
		f.P("return nil")
		f.P("}")
		f.P()
	}
}

// produces returns the quoted media types of an operation's responses, or
// none when a response has no content: an Accept header cannot refuse it.
func produces(op *apiOp) []string {
	var out []string
	seen := map[string]bool{}
	for _, v := range op.variants {
		if v.media == nil {
			if v.code >= 200 && v.code < 300 {
				return nil
			}
			continue
		}
		if ct := v.media.ContentType; !seen[ct] {
			seen[ct] = true
			out = append(out, strconv.Quote(ct))
		}
	}
	return out
}

// jsonBody prints the code decoding a JSON request body into body,
// declared (assign ":=") or not ("=").
func jsonBody(f *file, op *apiOp, goT, assign string) {
	b := op.body
	decode := b.decode
	if decode == "" {
		decode = "(*" + goT + ").DecodeJSON"
	}
	f.P("body, err ", assign, " ", oashttpimpl("JSONRequest"), "(s.cfg, r, ", b.required, ", ", invalidStatus(op), ", ", decode, ")")
	f.P("if err != nil {")
	f.P("s.cfg.Error(w, r, err)")
	f.P("return")
	f.P("}")
}

// invalidStatus returns the status of a request body that parses but breaks
// the schema: 422 (RFC 9110, section 15.5.21; RFC 9457 answers its
// validation example with it), or 400 for an operation that documents 400
// and not 422, so that the server answers with a status its spec lists.
func invalidStatus(op *apiOp) int {
	var has400, has422 bool
	for _, r := range op.Response {
		has400 = has400 || r.Status == "400"
		has422 = has422 || r.Status == "422"
	}
	if has400 && !has422 {
		return 400
	}
	return 422
}

// formBody prints the code decoding a form request body into body. Pairs
// that do not decode into the type break the schema (invalidStatus); a
// body that is not a form is a 400 from FormBody.
func formBody(f *file, op *apiOp, goT string) {
	b := op.body
	f.P("pairs, err := s.cfg.FormBody(r, ", b.required, ")")
	f.P("if err != nil {")
	f.P("s.cfg.Error(w, r, err)")
	f.P("return")
	f.P("}")
	f.P("if pairs != nil {")
	f.P("body = new(", goT, ")")
	f.P("if err := decode", ir.ObjectOf(b.typ).GoName, "Pairs(body, pairs); err != nil {")
	f.P("s.cfg.Error(w, r, &", oashttp("BodyError"), "{Err: err, Status: ", invalidStatus(op), "})")
	f.P("return")
	f.P("}")
	f.P("}")
}
