package gen

import (
	"cmp"
	"net/http"
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
	for _, op := range a.ops {
		if op.params != "" {
			f.P("// ", op.params, " holds the parameters of ", op.GoName, ".")
			f.P("type ", op.params, " struct {")
			for _, p := range op.Params {
				f.paramDoc(p)
				f.P(p.GoName, " ", f.paramType(p, true))
			}
			f.P("}")
			f.P()
		}
		if op.body != nil && op.body.multipart != nil {
			genMultipartType(f, op)
		}
		if op.body != nil && op.body.stream != nil {
			genBodyStreamType(f, op)
		}
		names := make([]string, len(op.variants))
		for i, v := range op.variants {
			names[i] = v.name
		}
		f.P("// ", op.result, " is the result of ", op.GoName, ": one of")
		f.P("// ", strings.Join(names, ", "), ".")
		f.P("type ", op.result, " interface {")
		if server {
			f.P("// ", op.write, " writes the response to request r; an error means nothing")
			f.P("// was written.")
			f.P(op.write, "(rw ", httpPkg("ResponseWriter"), ", r *", httpPkg("Request"), ") error")
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

// genBodyStreamType prints the type of a streamed request body.
func genBodyStreamType(f *file, op *apiOp) {
	sv := op.body.stream
	f.P("// ", sv.name, " is the request body of ", op.GoName, ", streamed (x-oasgen-stream):")
	f.P("// the server decodes the elements while the request is read, and the")
	f.P("// client encodes them while it sends it. Range over Items once; an error")
	f.P("// stops it with the JSON path and offset of the bad element, and a")
	f.P("// handler that returns it answers 400.")
	f.P("type ", sv.name, " struct {")
	streamFields(f, sv, "Items yields the elements of the array; nil when the body is absent.", "; the server", "sets those before the array when Items yields its first element,",
		"and the others when the iteration ends.")
	f.P("}")
	f.P()
}

// streamBody prints the handler code that hands a streamed request body to
// the handler as an iterator.
func streamBody(f *file, op *apiOp) {
	sv := op.body.stream
	f.P("var body ", sv.name)
	f.P("rb, err := s.cfg.JSONStream(r, ", op.body.required, ")")
	f.P("if err != nil {")
	f.P("s.cfg.Error(w, r, err)")
	f.P("return")
	f.P("}")
	f.P("if rb != nil {")
	f.P("defer rb.Release()")
	f.P("body.Items = ", rt("RequestItems"), "(", f.decodeStream(sv, "&rb.Reader", "body"), ")")
	f.P("}")
}

// genStreamVariant prints the streaming form of variant v: the same
// response with its array taken from an iterator.
func genStreamVariant(f *file, op *apiOp, v *variant, server bool) {
	sv := v.stream
	f.P("// ", sv.name, " is ", v.name, " with its array streamed (x-oasgen-stream):")
	f.P("// the server writes the elements Items yields as they come, flushing as it")
	f.P("// goes, and the client's ", op.GoName, "Stream reads them as they arrive. An")
	f.P("// error from Items after the response has started aborts the connection,")
	f.P("// so the client sees a broken response, never a short valid one.")
	f.P("type ", sv.name, " struct {")
	statusField(f, v)
	streamFields(f, sv, "Items yields the elements of the array.", " (nil writes them zero).", "The client sets those before the array when it yields the first",
		"element, and the others when the iteration ends.")
	headerFields(f, v)
	f.P("}")
	f.P()
	if !server {
		f.P("func (", sv.name, ") ", sealName(op), "() {}")
		f.P()
		return
	}
	f.P("func (v ", sv.name, ") ", op.write, "(rw ", httpPkg("ResponseWriter"), ", r *", httpPkg("Request"), ") error {")
	status := writeStatus(f, v)
	writeHeaders(f, v)
	f.P(rt("WriteStream"), "(rw, r, ", status, ", ", strconv.Quote(concreteType(v.media.ContentType)), ", func(w *", rt("Writer"), ", out ", Ident{"io", "Writer"}, ") error {")
	f.encodeStream(sv, "v")
	f.P("})")
	f.P("return nil")
	f.P("}")
	f.P()
}

func genVariant(f *file, op *apiOp, v *variant, server bool) {
	what := "the " + v.status + " response"
	if v.status == "default" {
		what = "the default response"
	}
	if v.media != nil {
		what += " (" + v.media.ContentType + ")"
	}
	f.P("// ", v.name, " is ", what, " of ", op.GoName, ".")
	for _, r := range op.Response {
		if r.Status == v.status && r.Doc.Description != "" {
			f.P("//")
			f.comment(r.Doc.Description)
		}
	}
	if v.statusCode == "" && v.media == nil && len(v.headers) == 0 {
		f.P("type ", v.name, " struct{}")
	} else {
		genVariantFields(f, v)
	}
	f.P()
	if errorVariant(v) {
		genVariantError(f, op, v)
	}
	if !server {
		f.P("func (", v.name, ") ", sealName(op), "() {}")
		f.P()
		return
	}
	genWrite(f, op, v)
}

// errorVariant reports whether v is a response a client can return as an
// error (oashttp.WithErrorResults): a 4xx or 5xx status, a range of them, or
// the default response (an error when its status is 400 or more).
func errorVariant(v *variant) bool {
	return v.code >= 400 || v.status == "default" || isRange(v.status) && v.status[0] >= '4'
}

// genVariantError prints the Error method of an error variant, so that a
// client that returns error results (oashttp.WithErrorResults) gives a value
// errors.As finds.
func genVariantError(f *file, op *apiOp, v *variant) {
	f.P("// Error says which response v is: a client made with")
	f.P("// oashttp.WithErrorResults returns it as the call's error too.")
	f.P("func (v ", v.name, ") Error() string {")
	if v.statusCode != "" {
		f.P("return ", strconv.Quote(op.ID+": "), " + ", Ident{"strconv", "Itoa"}, "(v.", v.statusCode, ") + \" response\"")
	} else {
		f.P("return ", strconv.Quote(op.ID+": "+v.status+" response"))
	}
	f.P("}")
	f.P()
}

// sealName is the marker method of op's results in a package without the
// server: unexported, so only the package's types are results.
func sealName(op *apiOp) string { return "is" + op.result }

func genVariantFields(f *file, v *variant) {
	f.P("type ", v.name, " struct {")
	statusField(f, v)
	if v.media != nil {
		if v.seq != nil {
			seqField(f, v)
		} else if v.json {
			f.P(v.bodyField, " ", f.goType(v.typ))
		} else {
			f.P("// ", v.bodyField, " is the response body, streamed; closed when it is an io.Closer.")
			f.P(v.bodyField, " ", Ident{"io", "Reader"})
		}
	}
	headerFields(f, v)
	f.P("}")
}

// genWrite prints the method that writes variant v.
func genWrite(f *file, op *apiOp, v *variant) {
	f.P("func (v ", v.name, ") ", op.write, "(rw ", httpPkg("ResponseWriter"), ", r *", httpPkg("Request"), ") error {")
	status := writeStatus(f, v)
	if v.media != nil && v.json {
		f.P("w := ", rt("GetWriter"), "()")
		f.P("w.Direction = ", rt("InResponse"), " // writeOnly properties stay out")
		if hasCodec(v.typ) {
			f.P("v.", v.bodyField, ".EncodeJSON(w)")
		} else {
			c := &codec{file: f}
			c.enc(v.typ, "v."+v.bodyField)
		}
		f.P("if err := w.Err(); err != nil {")
		f.P(rt("ReleaseWriter"), "(w)")
		f.P("return err")
		f.P("}")
		f.P("if ", rt("ChecksResponse"), "(r) {")
		f.P("if err := ", rt("CheckResponse"), "(", status, ", w, func(r *", rt("Reader"), ") error {")
		f.P("var chk ", f.goType(v.typ))
		if hasCodec(v.typ) {
			f.P("return chk.DecodeJSON(r)")
		} else {
			c := &codec{file: f}
			c.dec(v.typ, "chk", func(err string) string { return err })
			f.P("_ = chk // decoded for its checks only")
			f.P("return nil")
		}
		f.P("}); err != nil {")
		f.P(rt("ReleaseWriter"), "(w)")
		f.P("return err")
		f.P("}")
		f.P("}")
	}
	writeHeaders(f, v)
	switch {
	case v.seq != nil:
		seqWrite(f, v, status)
	case v.media != nil && v.json:
		f.P(rt("WriteBody"), "(rw, r, ", status, ", ", strconv.Quote(concreteType(v.media.ContentType)), ", w)")
	case v.media != nil:
		f.P(rt("WriteReader"), "(rw, ", status, ", ", strconv.Quote(concreteType(v.media.ContentType)), ", v.", v.bodyField, ")")
	default:
		f.P("rw.WriteHeader(", status, ")")
	}
	f.P("return nil")
	f.P("}")
	f.P()
}

// streamFields prints the Body and Items fields of a streamed body: Body's
// doc continues its first line with more and goes on with the lines rest;
// array is Items' doc when the body is the array.
func streamFields(f *file, sv *streamVariant, array, more string, rest ...string) {
	if sv.body != nil {
		f.P("// Body holds the properties other than ", strconv.Quote(sv.field.JSONName), more)
		for _, l := range rest {
			f.P("// ", l)
		}
		f.P("Body *", sv.body.GoName)
		f.P("// Items yields the elements of ", strconv.Quote(sv.field.JSONName), ".")
	} else {
		f.P("// ", array)
	}
	f.P("Items ", Ident{"iter", "Seq2"}, "[", f.goType(sv.arr.Elem), ", error]")
}

// statusField prints the status field of a variant for a range or default.
func statusField(f *file, v *variant) {
	if v.statusCode != "" {
		f.P("// ", v.statusCode, " is the status to write; zero means ", defaultStatus(v.status), ".")
		f.P(v.statusCode, " int")
	}
}

// headerFields prints the response header fields of a variant.
func headerFields(f *file, v *variant) {
	for _, h := range v.headers {
		f.P("// ", h.field, " is the ", strconv.Quote(h.Name), " header.")
		if h.Doc.Description != "" {
			f.comment(h.Doc.Description)
		}
		f.P(h.field, " ", f.paramType(h.Param, false))
	}
}

// writeStatus prints what a write method needs to know its status and
// returns the expression of it.
func writeStatus(f *file, v *variant) string {
	if v.code != 0 {
		return strconv.Itoa(v.code)
	}
	f.P("status := v.", v.statusCode)
	f.P("if status == 0 {")
	f.P("status = ", defaultStatus(v.status))
	f.P("}")
	return "status"
}

// writeHeaders prints the setting of a variant's response headers.
func writeHeaders(f *file, v *variant) {
	if len(v.headers) > 0 {
		f.P("h := rw.Header()")
		for _, h := range v.headers {
			writeHeader(f, h)
		}
	}
}

func writeHeader(f *file, h *header) {
	key := strconv.Quote(http.CanonicalHeaderKey(h.Name))
	x := "v." + h.field
	kind, elem := paramShape(h.Type)
	switch {
	case kind == rawParam:
		f.P("if ", x, " != \"\" {")
		f.P("h.Set(", key, ", ", x, ")")
		f.P("}")
	case kind == arrayParam:
		f.P("if ", x, " != nil {")
		f.P("vals := make([]string, len(", x, "))")
		f.P("for i := range ", x, " {")
		f.P("vals[i] = ", f.formatScalar(elem, x+"[i]"))
		f.P("}")
		f.P("h.Set(", key, ", ", Ident{"strings", "Join"}, "(vals, \",\"))")
		f.P("}")
	case !h.Required:
		f.P("if ", x, ".Set {")
		f.P("h.Set(", key, ", ", f.formatScalar(h.Type, x+".Value"), ")")
		f.P("}")
	default:
		f.P("h.Set(", key, ", ", f.formatScalar(h.Type, x), ")")
	}
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
	return f.qual(rt("RawBody"))
}

func genServer(f *file, a *api) {
	n := len(a.ops)
	f.P("// ", a.handler, " implements ", cmp.Or(a.what, "the operations of the API"), ", one method each. A")
	f.P("// method returns one of its result's variants, or an error: a *", rt("Problem"))
	f.P("// is written as it is, any other error as a 500 that does not disclose it.")
	f.P("// Embed ", a.unimplemented, " to answer 501 for operations not written yet.")
	f.P("type ", a.handler, " interface {")
	for _, op := range a.ops {
		f.P("// ", op.GoName, " handles ", opLine(op))
		if op.body != nil {
			if (op.body.json || op.body.seq != nil) && !op.body.required {
				f.P("// The body is nil when the request has none.")
			}
		}
		f.P(op.GoName, f.handlerSig(op))
	}
	for _, sc := range a.schemes {
		f.P()
		f.P("// ", sc.method, " checks the credentials of security scheme ", strconv.Quote(sc.Name), " (", schemeWhat(sc), ")")
		f.P("// for the operation named; it returns the context the operation runs with.")
		f.P("// Return ", rt("ErrForbidden"), " (wrapped or not) for valid credentials that lack")
		f.P("// a permission: 403; any other error is a 401.")
		f.P(sc.method, f.securitySig(sc))
	}
	f.P("}")
	f.P()
	f.P("// ", a.unimplemented, " answers every operation with 501 Not Implemented. Embed")
	f.P("// it in a ", a.handler, " so that operations added to the spec do not break the build.")
	f.P("type ", a.unimplemented, " struct{}")
	f.P()
	for _, op := range a.ops {
		f.P("// ", op.GoName, " returns ", rt("ErrNotImplemented"), ".")
		f.P("func (", a.unimplemented, ") ", op.GoName, f.handlerSig(op), " {")
		f.P("return nil, ", rt("ErrNotImplemented"))
		f.P("}")
		f.P()
	}

	for _, sc := range a.schemes {
		f.P("// ", sc.method, " rejects every request: no credentials are valid until it is written.")
		f.P("func (", a.unimplemented, ") ", sc.method, f.securitySig(sc), " {")
		f.P("return nil, ", rt("ErrNotImplemented"))
		f.P("}")
		f.P()
	}

	f.P("// ", a.local("operations"), " lists the operations by index: operationId, path template, tags.")
	f.P("var ", a.local("operations"), " = [", n, "]struct {")
	f.P("id, path string")
	f.P("tags     []string")
	f.P("}{")
	for _, op := range a.ops {
		tagList := "nil"
		if len(op.Tags) > 0 {
			tagList = "[]string{" + quoteList(op.Tags) + "}"
		}
		f.P("{", strconv.Quote(op.ID), ", ", strconv.Quote(op.Path), ", ", tagList, "},")
	}
	f.P("}")
	f.P()

	f.P("// ", a.server, " serves the API: an http.Handler that routes each request to its")
	f.P("// operation, decodes the parameters and body, calls the ", a.handler, " and writes")
	f.P("// the result. It can be mounted under any mux or path prefix (with")
	f.P("// http.StripPrefix): it routes on the path it is given.")
	f.P("type ", a.server, " struct {")
	f.P("h    ", a.handler)
	f.P("cfg  *", rt("ServerConfig"))
	f.P("// root is the router wrapped in the server-wide middleware; nil")
	f.P("// without, when ServeHTTP routes directly.")
	f.P("root ", httpPkg("Handler"))
	f.P("// ops holds the operations wrapped in their middleware; nil for those")
	f.P("// without, which are called directly.")
	f.P("ops [", n, "]", httpPkg("Handler"))
	f.P("}")
	f.P()
	f.P("// ", a.newServer, " returns a server for h. Middleware given in opts is composed")
	f.P("// here, once; it panics when an operation middleware names an operationId")
	f.P("// the spec does not have.")
	f.P("func ", a.newServer, "(h ", a.handler, ", opts ...", rt("ServerOption"), ") *", a.server, " {")
	f.P("ids := make([]string, len(", a.local("operations"), "))")
	f.P("for i, o := range ", a.local("operations"), " {")
	f.P("ids[i] = o.id")
	f.P("}")
	f.P("s := &", a.server, "{h: h, cfg: ", rt("NewServerConfig"), "(ids, opts)}")
	f.P("for i, o := range ", a.local("operations"), " {")
	f.P("call := ", httpPkg("HandlerFunc"), "(func(w ", httpPkg("ResponseWriter"), ", r *", httpPkg("Request"), ") {")
	f.P("p, esc := ", rt("PathParams"), "(r)")
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
	f.P("// recover handles a panic below ServeHTTP (see ", rt("ServerConfig"), ".Recovered),")
	f.P("// naming the operation r is routed to: routing again, on this path only,")
	f.P("// costs the requests that do not panic nothing.")
	f.P("func (s *", a.server, ") recover(w ", httpPkg("ResponseWriter"), ", r *", httpPkg("Request"), ") {")
	f.P("v := recover()")
	f.P("if v == nil {")
	f.P("return")
	f.P("}")
	f.P("var p [", max(a.maxCaptures, 1), "]string")
	f.P("path, esc := ", rt("RoutePath"), "(r.URL)")
	f.P("id := \"\"")
	f.P("if op, _ := ", a.local("matchRoute"), "(r.Method, path, esc, &p); op >= 0 {")
	f.P("id = ", a.local("operations"), "[op].id")
	f.P("}")
	f.P("s.cfg.Recovered(w, r, id, v)")
	f.P("}")
	f.P()
	f.P("// route matches the request to an operation and calls it.")
	f.P("func (s *", a.server, ") route(w ", httpPkg("ResponseWriter"), ", r *", httpPkg("Request"), ") {")
	f.P("var p [", max(a.maxCaptures, 1), "]string")
	f.P("path, esc := ", rt("RoutePath"), "(r.URL)")
	f.P("op, allow := ", a.local("matchRoute"), "(r.Method, path, esc, &p)")
	f.P("switch op {")
	f.P("case ", a.local("routeNotFound"), ":")
	f.P("s.cfg.Error(w, r, ", rt("ErrNotFound"), ")")
	f.P("return")
	f.P("case ", a.local("routeMethodNotAllowed"), ":")
	f.P("s.cfg.Error(w, r, &", rt("MethodError"), "{Method: r.Method, Allow: allow})")
	f.P("return")
	f.P("}")
	f.P("if r.URL.RawQuery != \"\" {")
	f.P("if err := s.cfg.CheckQuery(r); err != nil {")
	f.P("s.cfg.Error(w, r, err)")
	f.P("return")
	f.P("}")
	f.P("}")
	f.P("if h := s.ops[op]; h != nil {")
	f.P("h.ServeHTTP(w, ", rt("WithPathParams"), "(r, append([]string(nil), p[:]...), esc))")
	f.P("return")
	f.P("}")
	f.P("s.call(op, w, r, p[:], esc)")
	f.P("}")
	f.P()
	f.P("// call serves operation op with the path parameters p, escaped or not")
	f.P("// as ", rt("RoutePath"), " said.")
	f.P("func (s *", a.server, ") call(op int, w ", httpPkg("ResponseWriter"), ", r *", httpPkg("Request"), ", p []string, esc bool) {")
	f.P("switch op {")
	for _, op := range a.ops {
		f.P("case ", op.index, ":")
		f.P("s.handle", op.GoName, "(w, r, p, esc)")
	}
	f.P("}")
	f.P("}")
	f.P()
	for _, op := range a.ops {
		genHandle(f, a, op)
	}
	genObjectDecoders(f, a)
	genSecurity(f, a)
}

// quoteText returns s as a Go string literal, interpreted unless that
// needs escapes.
func quoteText(s string) string {
	if strings.ContainsAny(s, "\"\\") {
		return goString(s)
	}
	return strconv.Quote(s)
}

func schemeWhat(sc *scheme) string {
	switch sc.kind {
	case "apiKey":
		return "apiKey in " + string(sc.In) + " " + strconv.Quote(sc.Param)
	case "basic":
		return "HTTP basic"
	case "bearer":
		if sc.Type == ir.SchemeHTTP {
			return "HTTP bearer token"
		}
		return string(sc.Type) + ", a bearer token"
	}
	if sc.Type == ir.SchemeHTTP {
		return "HTTP " + sc.Scheme + ", read from the request"
	}
	return string(sc.Type) + ", read from the request"
}

// securitySig returns the parameters and results of a security method.
func (f *file) securitySig(sc *scheme) string {
	s := "(ctx " + f.qual(ctxType) + ", operationID string, "
	switch sc.kind {
	case "apiKey":
		s += "key string"
	case "basic":
		s += "username, password string"
	case "bearer":
		s += "token string, scopes []string"
	default:
		s += "r *" + f.qual(httpPkg("Request"))
	}
	return s + ") (" + f.qual(ctxType) + ", error)"
}

// genSecurity prints, per scheme, the method reading its credentials and,
// per secured operation, the one trying its requirements in turn.
func genSecurity(f *file, a *api) {
	srv := a.server
	for _, sc := range a.schemes {
		fail := func(err string) string {
			return "return nil, &" + f.qual(rt("SecurityError")) + "{Scheme: " + strconv.Quote(sc.Name) +
				", Challenge: " + quoteText(sc.challenge) + ", Err: " + err + "}"
		}
		f.P("// ", sc.check, " reads the credentials of scheme ", strconv.Quote(sc.Name), " and passes them to the Handler.")
		f.P("func (s *", srv, ") ", sc.check, "(ctx ", ctxType, ", r *", httpPkg("Request"), ", op string, scopes []string) (", ctxType, ", error) {")
		call := ""
		switch sc.kind {
		case "apiKey":
			f.P("key, ok := ", rt("APIKey"), "(r, ", strconv.Quote(string(sc.In)), ", ", strconv.Quote(sc.Param), ")")
			call = "key"
		case "basic":
			f.P("user, password, ok := r.BasicAuth()")
			call = "user, password"
		case "bearer":
			f.P("token, ok := ", rt("BearerToken"), "(r)")
			call = "token, scopes"
		default:
			call = "r"
		}
		if sc.kind != "request" {
			f.P("if !ok {")
			f.P(fail(f.qual(rt("ErrNoCredentials"))))
			f.P("}")
		}
		f.P("ctx, err := s.h.", sc.method, "(ctx, op, ", call, ")")
		f.P("if err != nil {")
		f.P(fail("err"))
		f.P("}")
		f.P("if ctx == nil {")
		f.P("ctx = r.Context()")
		f.P("}")
		f.P("return ctx, nil")
		f.P("}")
		f.P()
	}
	for _, op := range a.ops {
		if op.Security == nil {
			continue
		}
		f.P("// authorize", op.GoName, " checks the security of ", op.GoName, ": the first requirement")
		f.P("// met gives the context the operation runs with.")
		f.P("func (s *", srv, ") authorize", op.GoName, "(r *", httpPkg("Request"), ") (", ctxType, ", error) {")
		open := false
		var reqs []*ir.SecurityRequirement
		for _, req := range op.Security {
			if len(req.Schemes) == 0 {
				open = true
			} else {
				reqs = append(reqs, req)
			}
		}
		track := len(reqs) > 1 // the error to report is chosen among several
		for k, req := range reqs {
			var names []string
			for _, use := range req.Schemes {
				n := use.Scheme.Name
				if len(use.Scopes) > 0 {
					n += " (" + strings.Join(use.Scopes, ", ") + ")"
				}
				names = append(names, n)
			}
			f.P("// ", strings.Join(names, " and "))
			for i, use := range req.Schemes {
				scopes := "nil"
				if len(use.Scopes) > 0 {
					q := make([]string, len(use.Scopes))
					for j, sc := range use.Scopes {
						q[j] = strconv.Quote(sc)
					}
					scopes = "[]string{" + strings.Join(q, ", ") + "}"
				}
				in := "r.Context()"
				if i > 0 {
					in = "ctx"
				}
				call := "s." + a.schemeOf(use.Scheme).check + "(" + in + ", r, " + strconv.Quote(op.ID) + ", " + scopes + ")"
				switch {
				case k == 0 && i == 0:
					f.P("ctx, err := ", call)
				case i == 0:
					f.P("ctx, err = ", call)
				default:
					f.P("if err == nil {")
					f.P("ctx, err = ", call)
					f.P("}")
				}
			}
			f.P("if err == nil {")
			f.P("return ctx, nil")
			f.P("}")
			switch {
			case !track || k == len(reqs)-1:
			case k == 0:
				f.P("first := err")
			default:
				f.P("first = ", rt("FirstSecurityError"), "(first, err)")
			}
		}
		errExpr := "err"
		if track {
			errExpr = f.qual(rt("FirstSecurityError")) + "(first, err)"
		}
		switch {
		case open && len(reqs) > 0:
			f.P("return ", rt("Anonymous"), "(r, ", errExpr, ")")
		case open:
			f.P("return r.Context(), nil")
		case len(reqs) == 0:
			f.P("return nil, &", rt("SecurityError"), "{Scheme: \"(undeclared)\", Err: ", rt("ErrNoCredentials"), "}")
		default:
			f.P("return nil, ", errExpr)
		}
		f.P("}")
		f.P()
	}
}

func genHandle(f *file, a *api, op *apiOp) {
	f.P("// handle", op.GoName, " serves ", op.Method, " ", op.Path, ".")
	f.P("func (s *", a.server, ") handle", op.GoName, "(w ", httpPkg("ResponseWriter"), ", r *", httpPkg("Request"), ", p []string, esc bool) {")
	if hasEvents(op) {
		f.P("r = s.cfg.EventRequest(r) // Last-Event-ID for the handler, the heartbeat for the stream")
	}
	args := "r.Context()"
	if op.Security != nil {
		f.P("ctx, err := s.authorize", op.GoName, "(r)")
		f.P("if err != nil {")
		f.P("s.cfg.Error(w, r, err)")
		f.P("return")
		f.P("}")
		args = "ctx"
	}
	if a.exchange[op.Operation] {
		f.P("xctx := ", rt("WithExchange"), "(", args, ", r, ", pathNamesLit(op.Path), ", p, esc)")
		args = "xctx"
	}
	if offers := produces(op); len(offers) > 0 {
		f.P("if accept := r.Header.Get(\"Accept\"); !", rt("Acceptable"), "(accept, produces", op.GoName, "[:]) {")
		f.P("s.cfg.Error(w, r, &", rt("NotAcceptableError"), "{Accept: accept, Offers: produces", op.GoName, "[:]})")
		f.P("return")
		f.P("}")
	}
	if op.params != "" {
		f.P("params, err := decode", op.GoName, "Params(r, p, esc)")
		f.P("if err != nil {")
		f.P("s.cfg.Error(w, r, err)")
		f.P("return")
		f.P("}")
		args += ", params"
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
			f.P("var body *", goT)
			switch {
			case b.form && b.jsonType != "":
				f.P("if ", rt("IsForm"), "(r.Header.Get(\"Content-Type\")) {")
				formBody(f, op, goT)
				f.P("} else {")
				jsonBody(f, op, goT)
				f.P("}")
			case b.form:
				formBody(f, op, goT)
			default:
				jsonBody(f, op, goT)
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
	f.P("if err == nil && res == nil {")
	f.P("err = ", rt("ErrNoResponse"))
	f.P("}")
	f.P("if err == nil {")
	f.P("err = res.", op.write, "(w, s.cfg.ResponseRequest(r))")
	f.P("}")
	f.P("if err != nil {")
	f.P("s.cfg.HandlerError(w, r, ", strconv.Quote(op.ID), ", err)")
	f.P("}")
	f.P("}")
	f.P()
	if offers := produces(op); len(offers) > 0 {
		f.P("// produces", op.GoName, " lists the media types ", op.GoName, " responds with.")
		f.P("var produces", op.GoName, " = [...]string{", strings.Join(offers, ", "), "}")
		f.P()
	}
	if op.params != "" {
		genDecodeParams(f, op)
	}
	if b := op.body; b != nil && b.multipart != nil {
		genMultipartDecode(f, op)
	}
	if b := op.body; b != nil && b.decode != "" {
		c := &codec{file: f}
		f.P("// ", b.decode, " reads the request body of ", op.GoName, ".")
		f.P("func ", b.decode, "(r *", rt("Reader"), ", v *", f.goType(b.typ), ") error {")
		c.dec(b.typ, "(*v)", func(err string) string { return err })
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

// jsonBody prints the code decoding a JSON request body into body.
func jsonBody(f *file, op *apiOp, goT string) {
	b := op.body
	f.P("rb, err := s.cfg.JSONBody(r, ", b.required, ")")
	f.P("if err != nil {")
	f.P("s.cfg.Error(w, r, err)")
	f.P("return")
	f.P("}")
	f.P("if rb != nil {")
	f.P("body = new(", goT, ")")
	if b.decode == "" {
		f.P("err = body.DecodeJSON(&rb.Reader)")
	} else {
		f.P("err = ", b.decode, "(&rb.Reader, body)")
	}
	f.P("if err == nil {")
	f.P("err = rb.Reader.End()")
	f.P("}")
	f.P("if err != nil {")
	f.P("err = rb.Fail(err, ", invalidStatus(op), ")")
	f.P("}")
	f.P("rb.Release()")
	f.P("if err != nil {")
	f.P("s.cfg.Error(w, r, err)")
	f.P("return")
	f.P("}")
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
	f.P("if err := decode", objectOf(b.typ).GoName, "Pairs(body, pairs); err != nil {")
	f.P("s.cfg.Error(w, r, &", rt("BodyError"), "{Err: err, Status: ", invalidStatus(op), "})")
	f.P("return")
	f.P("}")
	f.P("}")
}

func paramFail(f *file, p *ir.Param) func(string) string {
	return func(err string) string {
		return "return params, &" + f.qual(rt("ParamError")) + "{Name: " + strconv.Quote(p.Name) +
			", In: " + strconv.Quote(string(p.In)) + ", Err: " + err + "}"
	}
}

// assignArray prints code that parses the strings in vals into the array
// field dst of parameter p.
func assignArray(f *file, p *ir.Param, elem ir.Type, vals, dst string) {
	goT := f.goType(unNull(p.Type))
	if f.goType(unNull(elem)) == "string" {
		if goT == "[]string" {
			f.P(dst, " = ", vals)
		} else {
			f.P(dst, " = ", goT, "(", vals, ")")
		}
		return
	}
	f.P(dst, " = make(", goT, ", len(", vals, "))")
	f.P("for i, s := range ", vals, " {")
	f.parseScalar(elem, "s", dst+"[i]", paramFail(f, p))
	f.P("}")
}

func genDecodeParams(f *file, op *apiOp) {
	f.P("// decode", op.GoName, "Params reads the parameters of ", op.GoName, " from r and the")
	f.P("// path parameters p captured by the router (escaped when esc is true).")
	f.P("func decode", op.GoName, "Params(r *", httpPkg("Request"), ", p []string, esc bool) (params ", op.params, ", err error) {")
	// Query parameters are read in one pass over the query: query holds
	// those matched by name, props the exploded form objects matched by
	// their properties' names, deep the deepObject ones.
	var query, props, deep []*ir.Param
	for _, prm := range op.Params {
		kind, elem := requestShape(prm)
		dst := "params." + prm.GoName
		fail := paramFail(f, prm)
		switch prm.In {
		case ir.InPath:
			k := op.captures[prm]
			if k < 0 {
				f.P("// ", prm.Name, " is not in the path template ", op.Path, ": never set.")
				continue
			}
			prefix, sep := pathStyle(prm)
			f.P("{ // ", prm.Name)
			switch kind {
			case arrayParam:
				f.P("vals, err := ", rt("PathArray"), "(p[", k, "], ", strconv.Quote(prefix), ", ", strconv.Quote(sep), ", esc)")
				f.P("if err != nil {")
				f.P(fail("err"))
				f.P("}")
				assignArray(f, prm, elem, "vals", dst)
			case objectParam:
				prefix, sep := objectStyle(prm)
				f.P("vals, err := ", rt("PathArray"), "(p[", k, "], ", strconv.Quote(prefix), ", ", strconv.Quote(sep), ", esc)")
				f.P("if err != nil {")
				f.P(fail("err"))
				f.P("}")
				decodeObject(f, prm, "vals", true, prm.Explode)
			default:
				f.P("s, err := ", rt("PathScalar"), "(p[", k, "], ", strconv.Quote(prefix), ", esc)")
				f.P("if err != nil {")
				f.P(fail("err"))
				f.P("}")
				if kind == rawParam {
					f.P(dst, " = s")
				} else {
					f.parseScalar(prm.Type, "s", dst, fail)
				}
			}
			f.P("}")
		case ir.InQuery:
			switch {
			case kind == objectParam && prm.Style == ir.StyleDeepObject, kind == rawParam && prm.Style == ir.StyleDeepObject:
				deep = append(deep, prm)
			case kind == objectParam && exploded(prm):
				props = append(props, prm)
			case kind == rawParam && prm.Explode:
				f.P(dst, " = r.URL.RawQuery // ", prm.Name, ": not parsed, see the field")
			default:
				query = append(query, prm)
			}
		case ir.InHeader, ir.InCookie:
			if prm.In == ir.InHeader {
				f.P("if s := r.Header.Get(", strconv.Quote(http.CanonicalHeaderKey(prm.Name)), "); s != \"\" {")
			} else {
				f.P("if c, err := r.Cookie(", strconv.Quote(prm.Name), "); err == nil {")
				f.P("s := c.Value")
			}
			switch kind {
			case rawParam:
				f.P(dst, " = s")
			case arrayParam:
				f.P("vals := ", rt("HeaderArray"), "(s)")
				assignArray(f, prm, elem, "vals", dst)
			case objectParam:
				f.P("vals := ", rt("HeaderArray"), "(s)")
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
				f.P(fail(f.qual(rt("ErrMissing"))))
			}
			f.P("}")
		}
	}
	if len(query)+len(props)+len(deep) > 0 {
		genQueryLoop(f, query, props, deep)
	}
	f.P("return params, nil")
	f.P("}")
	f.P()
}

// pairsVar names the list of name/value pairs gathered for an object
// parameter in the query.
func pairsVar(p *ir.Param) string { return "pairs" + p.GoName }

func genQueryLoop(f *file, query, props, deep []*ir.Param) {
	if len(query) > 0 {
		f.P("var seen [", len(query), "]bool")
	}
	for i, prm := range query {
		if kind, _ := requestShape(prm); kind == arrayParam {
			f.P("var raw", i, " []string")
		}
	}
	for _, prm := range append(append([]*ir.Param{}, props...), deep...) {
		if kind, _ := requestShape(prm); kind == objectParam {
			f.P("var ", pairsVar(prm), " []string")
		}
	}
	f.P("for q := r.URL.RawQuery; q != \"\"; {")
	f.P("var key, value string")
	f.P("key, value, q = ", rt("NextQuery"), "(q)")
	f.P("switch key {")
	cases := map[string]bool{}
	for i, prm := range query {
		kind, _ := requestShape(prm)
		fail := paramFail(f, prm)
		if cases[prm.Name] {
			continue
		}
		cases[prm.Name] = true
		f.P("case ", strconv.Quote(prm.Name), ":")
		if kind != arrayParam || !exploded(prm) {
			f.P("if seen[", i, "] {")
			f.P(fail(f.qual(rt("ErrRepeated"))))
			f.P("}")
		}
		f.P("seen[", i, "] = true")
		dst := "params." + prm.GoName
		switch kind {
		case arrayParam:
			sep := querySep(prm)
			if exploded(prm) {
				sep = "0"
			}
			f.P("var err error")
			f.P("raw", i, ", err = ", rt("QueryArray"), "(raw", i, ", value, ", sep, ")")
			f.P("if err != nil {")
			f.P(fail("err"))
			f.P("}")
		case objectParam:
			f.P("vals, err := ", rt("QueryArray"), "(nil, value, ", querySep(prm), ")")
			f.P("if err != nil {")
			f.P(fail("err"))
			f.P("}")
			decodeObject(f, prm, "vals", true, false)
		default:
			f.P("s, err := ", rt("QueryScalar"), "(value)")
			f.P("if err != nil {")
			f.P(fail("err"))
			f.P("}")
			if kind == rawParam {
				f.P(dst, " = s")
				break
			}
			if !prm.Required {
				f.P(dst, ".Set = true")
				dst += ".Value"
			}
			f.parseScalar(prm.Type, "s", dst, fail)
		}
	}
	for _, prm := range props {
		var names []string
		for _, fd := range objectOf(prm.Type).Fields {
			if !cases[fd.JSONName] {
				cases[fd.JSONName] = true
				names = append(names, strconv.Quote(fd.JSONName))
			}
		}
		if len(names) == 0 {
			continue
		}
		f.P("case ", strings.Join(names, ", "), ": // properties of ", prm.Name)
		f.P("s, err := ", rt("QueryScalar"), "(value)")
		f.P("if err != nil {")
		f.P(paramFail(f, prm)("err"))
		f.P("}")
		f.P("if ", pairsVar(prm), ", err = ", rt("AddProperty"), "(", pairsVar(prm), ", key, s); err != nil {")
		f.P(paramFail(f, prm)("err"))
		f.P("}")
	}
	if len(deep) > 0 {
		f.P("default:")
		for _, prm := range deep {
			if kind, _ := requestShape(prm); kind == rawParam {
				f.P("if ", Ident{"strings", "HasPrefix"}, "(key, ", strconv.Quote(prm.Name+"["), ") {")
				f.P("params.", prm.GoName, " = ", rt("AppendPair"), "(params.", prm.GoName, ", key, value)")
				f.P("}")
				continue
			}
			f.P("if prop, ok := ", rt("DeepObjectKey"), "(key, ", strconv.Quote(prm.Name), "); ok {")
			f.P("s, err := ", rt("QueryScalar"), "(value)")
			f.P("if err != nil {")
			f.P(paramFail(f, prm)("err"))
			f.P("}")
			f.P("if ", pairsVar(prm), ", err = ", rt("AddProperty"), "(", pairsVar(prm), ", prop, s); err != nil {")
			f.P(paramFail(f, prm)("err"))
			f.P("}")
			f.P("}")
		}
	}
	f.P("}")
	f.P("}")
	for i, prm := range query {
		kind, elem := requestShape(prm)
		if prm.Required {
			f.P("if !seen[", i, "] {")
			f.P(paramFail(f, prm)(f.qual(rt("ErrMissing"))))
			f.P("}")
		}
		if kind == arrayParam {
			f.P("if seen[", i, "] {")
			assignArray(f, prm, elem, "raw"+strconv.Itoa(i), "params."+prm.GoName)
			f.P("}")
		}
	}
	for _, prm := range append(append([]*ir.Param{}, props...), deep...) {
		if kind, _ := requestShape(prm); kind != objectParam {
			continue
		}
		v := pairsVar(prm)
		f.P("if ", v, " != nil {")
		decodeObject(f, prm, v, false, false)
		if prm.Required {
			f.P("} else {")
			f.P(paramFail(f, prm)(f.qual(rt("ErrMissing"))))
		}
		f.P("}")
	}
}

// decodeObject prints code that decodes items into the object parameter p:
// name/value pairs, or, when list is set, the items of the style's list
// ("a,1,b,2", or exploded "a=1,b=2").
func decodeObject(f *file, p *ir.Param, items string, list, exploded bool) {
	fail := paramFail(f, p)
	st := objectOf(p.Type)
	pairs := items
	if list {
		f.P("pairs, err := ", rt("ObjectPairs"), "(", items, ", ", exploded, ")")
		f.P("if err != nil {")
		f.P(fail("err"))
		f.P("}")
		pairs = "pairs"
	}
	dst := "&params." + p.GoName
	if !p.Required {
		f.P("params.", p.GoName, ".Set = true")
		dst += ".Value"
	}
	f.P("if err := decode", st.GoName, "Pairs(", dst, ", ", pairs, "); err != nil {")
	f.P(fail("err"))
	f.P("}")
}

// genObjectDecoders prints, for every struct used as an object parameter,
// the function decoding it from name/value pairs.
func genObjectDecoders(f *file, a *api) {
	for _, st := range a.objects {
		f.P("// decode", st.GoName, "Pairs reads an object parameter of type ", st.GoName, " from")
		f.P("// name/value pairs; unknown names are ignored.")
		f.P("func decode", st.GoName, "Pairs(v *", st.GoName, ", pairs []string) error {")
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
			fail := func(err string) string {
				return "return " + f.qual(rt("PropertyError")) + "(" + strconv.Quote(fd.JSONName) + ", " + err + ")"
			}
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
		f.P("}")
		f.P("}")
		for i, fd := range required {
			f.P("if !seen[", i, "] {")
			f.P("return ", rt("PropertyError"), "(", strconv.Quote(fd.JSONName), ", ", rt("ErrMissing"), ")")
			f.P("}")
		}
		f.P("return nil")
		f.P("}")
		f.P()
	}
}
