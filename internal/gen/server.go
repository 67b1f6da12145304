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

// genParamsType prints op's Params type, if it has parameters.
func genParamsType(f *file, a *api, op *apiOp) {
	if op.params == "" {
		return
	}
	// An operation whose parameters are an earlier one's, their
	// comments included, gets an alias of that one's type: a type
	// defined as it would compile the struct's equality again.
	fields := f.scratch()
	for _, p := range op.Params {
		fields.paramDoc(p)
		fields.P(p.GoName, " ", fields.paramType(p, true))
	}
	op.sameParams = op
	if same, ok := a.paramTypes[fields.buf.String()]; ok {
		op.sameParams = same
		f.P("// ", op.params, " holds the parameters of ", op.GoName, ", which are ", same.GoName, "'s.")
		f.P("type ", f.declType(op.params), " = ", same.params)
	} else {
		a.paramTypes[fields.buf.String()] = op
		f.P("// ", op.params, " holds the parameters of ", op.GoName, ".")
		f.P("type ", f.declType(op.params), " struct {")
		f.buf.Write(fields.buf.Bytes())
		f.P("}")
	}
	f.P()
}

// alikeDoc says which operations use op's result types through aliases:
// up to three by name, more by their number.
func alikeDoc(op *apiOp) string {
	n := len(op.alike)
	if n == 1 {
		return op.alike[0].GoName + " answers alike; its result types are aliases of these."
	}
	who := strconv.Itoa(n) + " other operations"
	if n <= 3 {
		names := make([]string, n)
		for i, o := range op.alike {
			names[i] = o.GoName
		}
		who = strings.Join(names[:n-1], ", ") + " and " + names[n-1]
	}
	return who + " answer alike; their result types are aliases of these."
}

// genResultAliases prints the result types of op, which answers as its
// owner does, as aliases of the owner's.
func genResultAliases(f *file, op *apiOp) {
	f.P("// ", op.result, " is the result of ", op.GoName, ", which answers as ", op.owner.GoName, " does:")
	f.P("// its result types are ", op.owner.GoName, "'s.")
	f.P("type (")
	f.P(f.declType(op.result), " = ", op.owner.result)
	for i, v := range op.variants {
		f.P(f.declType(v.name), " = ", op.owner.variants[i].name)
	}
	f.P(")")
	f.P()
}

// genBodyStreamType prints the type of a streamed request body.
func genBodyStreamType(f *file, op *apiOp) {
	sv := op.body.stream
	f.P("// ", sv.name, " is the request body of ", op.GoName, ", streamed (x-oasgen-stream):")
	f.P("// the server decodes the elements while the request is read, and the")
	f.P("// client encodes them while it sends it. Range over Items once; an error")
	f.P("// stops it with the JSON path and offset of the bad element, and a")
	f.P("// handler that returns it answers 400.")
	f.P("type ", f.declType(sv.name), " struct {")
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
	f.P("type ", f.declType(sv.name), " struct {")
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
		what += " (" + strings.Join(v.mediaTypes(), ", ") + ")"
	}
	f.P("// ", v.name, " is ", what, " of ", op.GoName, ".")
	if desc := v.resp.Doc.Description; desc != "" && !statusText(v.code, desc) {
		f.P("//")
		f.comment(desc)
	}
	if v.statusCode == "" && v.media == nil && len(v.headers) == 0 {
		f.P("type ", f.declType(v.name), " struct{}")
	} else {
		genVariantFields(f, v)
	}
	f.P()
	if errorVariant(v) {
		genVariantError(f, v)
	}
	if !server {
		f.P("func (", v.name, ") ", sealName(op), "() {}")
		f.P()
		return
	}
	genWrite(f, op, v)
}

// statusText reports whether desc, a response's description, only says
// the status text of code ("OK", "Not Found."), which the variant's doc
// says already.
func statusText(code int, desc string) bool {
	return strings.EqualFold(strings.TrimSuffix(strings.TrimSpace(desc), "."), http.StatusText(code))
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
func genVariantError(f *file, v *variant) {
	f.P("// Error says which status v answers, for clients made with oashttp.WithErrorResults.")
	f.P("func (v ", v.name, ") Error() string {")
	if v.statusCode != "" {
		f.P("return \"response status \" + ", Ident{"strconv", "Itoa"}, "(v.", v.statusCode, ")")
	} else {
		f.P("return ", strconv.Quote("response status "+v.status))
	}
	f.P("}")
	f.P()
}

// sealName is the marker method of op's results in a package without the
// server: unexported, so only the package's types are results.
func sealName(op *apiOp) string { return "is" + op.result }

func genVariantFields(f *file, v *variant) {
	f.P("type ", f.declType(v.name), " struct {")
	statusField(f, v)
	if v.media != nil {
		if v.seq != nil {
			seqField(f, v)
		} else if v.json {
			f.P(v.bodyField, " ", f.goType(v.typ))
		} else {
			if v.ctField != "" {
				types := v.mediaTypes()
				f.P("// ", v.ctField, " is the media type of ", v.bodyField, ": one of ", strings.Join(types, ", "), "; ", concreteType(types[0]), " when empty.")
				f.P(v.ctField, " string")
			}
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
	if v.media == nil && len(v.headers) == 0 {
		f.P("return ", rt("WriteStatus"), "(rw, ", status, ")")
		f.P("}")
		f.P()
		return
	}
	contentType := ""
	if v.media != nil {
		contentType = strconv.Quote(concreteType(v.media.ContentType))
	}
	if v.ctField != "" {
		var types []any
		for _, t := range v.mediaTypes() {
			types = append(types, ", ", strconv.Quote(t))
		}
		if len(v.headers) == 0 {
			f.P(append([]any{"return ", rt("WriteReaderAs"), "(rw, ", status, ", v.", v.ctField, ", v.", v.bodyField}, append(types, ")")...)...)
			f.P("}")
			f.P()
			return
		}
		// Checked before anything is written: an error writes nothing.
		f.P(append([]any{"ct, err := ", rt("ResponseMedia"), "(v.", v.ctField}, append(types, ")")...)...)
		f.P("if err != nil {")
		f.P("return err")
		f.P("}")
		contentType = "ct"
	}
	if v.media != nil && v.json && hasCodec(v.typ) && len(v.headers) == 0 {
		callWithCheck(f, v, ")", "return ", rt("WriteEncoded"), "(rw, r, ", status, ", ", contentType, ", v.", v.bodyField, ".EncodeJSON, ")
		f.P("}")
		f.P()
		return
	}
	if v.media != nil && v.json {
		f.P("w := ", rt("GetResponseWriter"), "()")
		if hasCodec(v.typ) {
			f.P("v.", v.bodyField, ".EncodeJSON(w)")
		} else {
			c := &codec{file: f}
			c.enc(v.typ, "v."+v.bodyField)
		}
		if len(v.headers) == 0 {
			callWithCheck(f, v, ")", "return ", rt("WriteJSON"), "(rw, r, ", status, ", ", contentType, ", w, ")
			f.P("}")
			f.P()
			return
		}
		callWithCheck(f, v, "); err != nil {", "if err := ", rt("EndJSON"), "(r, ", status, ", w, ")
		f.P("return err")
		f.P("}")
	}
	writeHeaders(f, v)
	switch {
	case v.seq != nil:
		seqWrite(f, v, status)
	case v.media != nil && v.json:
		f.P(rt("WriteBody"), "(rw, r, ", status, ", ", contentType, ", w)")
	case v.media != nil:
		f.P(rt("WriteReader"), "(rw, ", status, ", ", contentType, ", v.", v.bodyField, ")")
	default:
		f.P("rw.WriteHeader(", status, ")")
	}
	f.P("return nil")
	f.P("}")
	f.P()
}

// callWithCheck prints a call whose last argument is the check of JSON
// variant v's body, for when the server checks its responses: CheckJSON
// for a type with a codec, a function literal decoding the others. head
// is the call up to that argument, tail what follows it.
func callWithCheck(f *file, v *variant, tail string, head ...any) {
	goT := f.goType(v.typ)
	if hasCodec(v.typ) {
		f.P(append(head, rt("CheckJSON"), "[", goT, "]", tail)...)
		return
	}
	f.P(append(head, "func(r *", rt("Reader"), ") error {")...)
	f.P("var chk ", goT)
	c := &codec{file: f}
	c.dec(v.typ, "chk", nil)
	f.P("_ = chk // decoded for its checks only")
	f.P("return nil")
	f.P("}", tail)
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
		f.P("Body *", f.declName(sv.body))
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
	f.P("type ", f.declType(a.handler), " interface {")
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
	f.P("// ", a.unimplemented, " answers every operation with 501 Not Implemented: its")
	f.P("// methods return ", rt("ErrNotImplemented"), ". Embed it in a ", a.handler, " so that")
	f.P("// operations added to the spec do not break the build.")
	f.P("type ", f.declType(a.unimplemented), " struct{}")
	f.P()
	for _, op := range a.ops {
		f.cut()
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
		offers := "nil"
		if list := produces(op); len(list) > 0 {
			offers = "[]string{" + strings.Join(list, ", ") + "}"
		}
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
	f.P("if op, _ := ", a.route("matchRoute"), "(r.Method, path, esc, &p); op >= 0 {")
	f.P("id = ", a.local("operations"), "[op].id")
	f.P("}")
	f.P("s.cfg.Recovered(w, r, id, v)")
	f.P("}")
	f.P()
	f.P("// route matches the request to an operation and calls it.")
	f.P("func (s *", a.server, ") route(w ", httpPkg("ResponseWriter"), ", r *", httpPkg("Request"), ") {")
	f.P("var p [", max(a.maxCaptures, 1), "]string")
	f.P("path, esc := ", rt("RoutePath"), "(r.URL)")
	f.P("op, allow := ", a.route("matchRoute"), "(r.Method, path, esc, &p)")
	f.P("switch op {")
	f.P("case ", a.route("routeNotFound"), ":")
	f.P("s.cfg.Error(w, r, ", rt("ErrNotFound"), ")")
	f.P("return")
	f.P("case ", a.route("routeMethodNotAllowed"), ":")
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
	}
	for _, op := range a.ops {
		f.cut()
		genHandle(f, a, op)
	}
	genObjectDecoders(f, a)
	genSecurity(f, a, authz)
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
// per authorizer in list, the one trying its requirements in turn.
func genSecurity(f *file, a *api, list []*authorizer) {
	srv := a.server
	for _, sc := range a.schemes {
		fail := errReturn{
			pre:  []any{"return nil, &", rt("SecurityError"), "{Scheme: ", strconv.Quote(sc.Name), ", Challenge: ", quoteText(sc.challenge), ", Err: "},
			post: []any{"}"},
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
			fail.P(f, rt("ErrNoCredentials"))
			f.P("}")
		}
		f.P("ctx, err := s.h.", sc.method, "(ctx, op, ", call, ")")
		f.P("if err != nil {")
		fail.P(f, "err")
		f.P("}")
		f.P("if ctx == nil {")
		f.P("ctx = r.Context()")
		f.P("}")
		f.P("return ctx, nil")
		f.P("}")
		f.P()
	}
	for _, az := range list {
		genAuthorize(f, a, az)
	}
}

// authorizer is a method of the server checking one list of security
// requirements, which every operation that has it shares.
type authorizer struct {
	name string
	reqs []*ir.SecurityRequirement
}

// authorizers returns the authorizers of a's secured operations, in the
// order of the operations, and the one of each.
func authorizers(a *api) (list []*authorizer, of map[*apiOp]*authorizer) {
	of = map[*apiOp]*authorizer{}
	byKey := map[string]*authorizer{}
	names := map[string]bool{}
	for _, op := range a.ops {
		if op.Security == nil {
			continue
		}
		var key, name strings.Builder
		for i, req := range op.Security {
			if i > 0 {
				key.WriteString(" or ")
				name.WriteString("Or")
			}
			if len(req.Schemes) == 0 {
				key.WriteString("{}")
				name.WriteString("Anonymous")
			}
			for j, use := range req.Schemes {
				if j > 0 {
					name.WriteString("And")
				}
				name.WriteString(strings.TrimPrefix(a.schemeOf(use.Scheme).method, "Handle"))
				key.WriteString(strconv.Quote(use.Scheme.Name) + strconv.Quote(strings.Join(use.Scopes, " ")) + ";")
			}
		}
		az := byKey[key.String()]
		if az == nil {
			n := "authorize" + name.String()
			for i := 2; names[n]; i++ {
				n = "authorize" + name.String() + strconv.Itoa(i)
			}
			names[n] = true
			az = &authorizer{name: n, reqs: op.Security}
			byKey[key.String()] = az
			list = append(list, az)
		}
		of[op] = az
	}
	return list, of
}

// genAuthorize prints the method trying the security requirements of az
// in turn: the first met gives the context the operation runs with.
func genAuthorize(f *file, a *api, az *authorizer) {
	f.P("// ", az.name, " checks the security of operation op: the first requirement")
	f.P("// met gives the context the operation runs with.")
	f.P("func (s *", a.server, ") ", az.name, "(r *", httpPkg("Request"), ", op string) (", ctxType, ", error) {")
	open := false
	var reqs []*ir.SecurityRequirement
	for _, req := range az.reqs {
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
				scopes = "[]string{" + quoteList(use.Scopes) + "}"
			}
			in := "r.Context()"
			if i > 0 {
				in = "ctx"
			}
			call := "s." + a.schemeOf(use.Scheme).check + "(" + in + ", r, op, " + scopes + ")"
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
		f.P("if !s.cfg.Accepts(w, r, ", a.local("operations"), "[", op.index, "].produces) {")
		f.P("return")
		f.P("}")
	}
	if a.exchange[op.Operation] {
		f.P("xctx := ", rt("WithExchange"), "(", args, ", r, ", pathNamesLit(op.Path), ", p, esc)")
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
				f.P("if ", rt("IsForm"), "(r.Header.Get(\"Content-Type\")) {")
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
	f.P("err = res.", op.owner.write, "(w, s.cfg.ResponseRequest(r))")
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
	case op.sameParams != nil && op.sameParams == decoder.op.sameParams:
		// an alias of the decoder's type (genTypes, which runs first,
		// set sameParams)
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

// genBodyDecoder prints the function decoding op's JSON request body,
// for a body type without a DecodeJSON method.
func genBodyDecoder(f *file, op *apiOp) {
	if b := op.body; b != nil && b.decode != "" {
		c := &codec{file: f}
		f.P("// ", b.decode, " reads the request body of ", op.GoName, ".")
		f.P("func ", b.decode, "(v *", f.goType(b.typ), ", r *", rt("Reader"), ") error {")
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
	f.P("body, err ", assign, " ", rt("JSONRequest"), "(s.cfg, r, ", b.required, ", ", invalidStatus(op), ", ", decode, ")")
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
	f.P("if err := decode", objectOf(b.typ).GoName, "Pairs(body, pairs); err != nil {")
	f.P("s.cfg.Error(w, r, &", rt("BodyError"), "{Err: err, Status: ", invalidStatus(op), "})")
	f.P("return")
	f.P("}")
	f.P("}")
}

// paramFail is the return of an error reading parameter p.
func paramFail(p *ir.Param) errReturn {
	return errReturn{
		pre:  []any{"return &", rt("ParamError"), "{Name: ", strconv.Quote(p.Name), ", In: ", strconv.Quote(string(p.In)), ", Err: "},
		post: []any{"}"},
	}
}

// assignArray prints code that parses the strings in vals into the array
// field dst of parameter p.
func assignArray(f *file, p *ir.Param, elem ir.Type, vals, dst string) {
	goT := f.goType(unNull(p.Type))
	if f.detached().goType(unNull(elem)) == "string" {
		if goT == "[]string" {
			f.P(dst, " = ", vals)
		} else {
			f.P(dst, " = ", goT, "(", vals, ")")
		}
		return
	}
	f.P(dst, " = make(", goT, ", len(", vals, "))")
	f.P("for i, s := range ", vals, " {")
	f.parseScalar(elem, "s", dst+"[i]", paramFail(p))
	f.P("}")
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

// paramsDecoder returns op's parameter decoder, printing its statements to
// know them: an operation whose statements and Params fields are those of
// an operation before it shares that one's function.
func (a *api) paramsDecoder(f *file, op *apiOp) *paramsDecoder {
	s := f.scratch()
	decodeParamsBody(s, op)
	var key strings.Builder
	// The fields' types are rendered in a detached file, so that naming
	// them imports nothing into f: with the models split, the Params
	// types are in another package (split.go).
	fields := f.detached()
	for _, prm := range op.Params {
		key.WriteString(prm.GoName + " " + fields.paramType(prm, true) + "\n")
	}
	key.WriteString("\n")
	key.Write(s.buf.Bytes())
	if d, ok := a.decoders[key.String()]; ok {
		return d
	}
	d := &paramsDecoder{op: op, name: "decode" + op.GoName + "Params", body: s.buf.String()}
	a.decoders[key.String()] = d
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
		kind, elem := requestShape(prm)
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
			if kind == scalarParam && plainString(f, prm.Type) {
				// The commonest path parameter, without PathParam's call
				// of its parse function.
				f.P("if ", dst, ", err = ", rt("PathScalar"), "(p[", k, "], ", strconv.Quote(prefix), ", esc); err != nil {")
				fail.P(f, "err")
				f.P("}")
				continue
			}
			if kind == scalarParam {
				callWithParse(f, prm.Type, "); err != nil {", "if ", dst, ", err = ", rt("PathParam"), "(p[", k, "], ", strconv.Quote(prefix), ", esc, ", strconv.Quote(prm.Name), ", ")
				f.P("return err")
				f.P("}")
				continue
			}
			f.P("{ // ", prm.Name)
			switch kind {
			case arrayParam:
				f.P("vals, err := ", rt("PathArray"), "(p[", k, "], ", strconv.Quote(prefix), ", ", strconv.Quote(sep), ", esc)")
				f.P("if err != nil {")
				fail.P(f, "err")
				f.P("}")
				assignArray(f, prm, elem, "vals", dst)
			case objectParam:
				prefix, sep := objectStyle(prm)
				f.P("vals, err := ", rt("PathArray"), "(p[", k, "], ", strconv.Quote(prefix), ", ", strconv.Quote(sep), ", esc)")
				f.P("if err != nil {")
				fail.P(f, "err")
				f.P("}")
				decodeObject(f, prm, "vals", true, prm.Explode)
			case rawParam:
				f.P("s, err := ", rt("PathScalar"), "(p[", k, "], ", strconv.Quote(prefix), ", esc)")
				f.P("if err != nil {")
				fail.P(f, "err")
				f.P("}")
				f.P(dst, " = s")
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
			if prm.In == ir.InHeader && kind == scalarParam {
				helper, target := "HeaderOpt", "&"+dst
				if prm.Required {
					helper = "HeaderParam"
				}
				callWithParse(f, prm.Type, "); err != nil {", "if err = ", rt(helper), "(", target, ", r.Header, ", strconv.Quote(http.CanonicalHeaderKey(prm.Name)), ", ", strconv.Quote(prm.Name), ", ")
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
				fail.P(f, rt("ErrMissing"))
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
var parseFuncs = map[ir.PrimKind]string{
	ir.String: "ParseString", ir.Bool: "ParseBool",
	ir.Int32: "ParseInt32", ir.Int64: "ParseInt64",
	ir.Uint32: "ParseUint32", ir.Uint64: "ParseUint64",
	ir.Float32: "ParseFloat32", ir.Float64: "ParseFloat64",
	ir.DateTime: "ParseTime", ir.Date: "ParseDateValue", ir.UUID: "ParseUUIDValue",
	ir.Bytes: "ParseBytes64", ir.Decimal: "ParseDecimal",
}

// callWithParse prints a call of a parameter helper whose last argument
// is the function parsing and checking the text of a scalar of type t:
// the runtime's for a primitive without constraints, else a function
// literal. head is the call up to that argument, tail what follows it.
func callWithParse(f *file, t ir.Type, tail string, head ...any) {
	if name := simpleParse(f, t); name != "" {
		f.P(append(head, rt(name), tail)...)
		return
	}
	f.P(append(head, "func(s string) (v ", f.goType(unNull(t)), ", err error) {")...)
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
func simpleParse(f *file, t ir.Type) string {
	prim, enum, _ := scalarOf(t)
	if enum != nil || prim == nil || hasChecks(f, prim) {
		return ""
	}
	if d := f.detached(); d.goType(unNull(t)) != d.primType(prim.Kind) {
		return ""
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
		if kind, _ := requestShape(prm); kind != scalarParam || prm.Required {
			slot[prm] = len(slot)
		}
	}
	if len(slot) > 0 {
		f.P("var seen [", len(slot), "]bool")
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
	helpers := false
	for _, prm := range query {
		if kind, _ := requestShape(prm); kind == scalarParam {
			helpers = true
		}
	}
	if helpers {
		f.P("for q := r.URL.RawQuery; q != \"\" && err == nil; {")
	} else {
		f.P("for q := r.URL.RawQuery; q != \"\"; {")
	}
	f.P("var key, value string")
	f.P("key, value, q = ", rt("NextQuery"), "(q)")
	f.P("switch key {")
	cases := map[string]bool{}
	for i, prm := range query {
		kind, _ := requestShape(prm)
		fail := paramFail(prm)
		if cases[prm.Name] {
			continue
		}
		cases[prm.Name] = true
		f.P("case ", strconv.Quote(prm.Name), ":")
		dst := "params." + prm.GoName
		if kind == scalarParam {
			if prm.Required {
				callWithParse(f, prm.Type, ")", "err = ", rt("QueryParam"), "(&", dst, ", &seen[", slot[prm], "], ", strconv.Quote(prm.Name), ", value, ")
			} else {
				callWithParse(f, prm.Type, ")", "err = ", rt("QueryOpt"), "(&", dst, ", ", strconv.Quote(prm.Name), ", value, ")
			}
			continue
		}
		n := slot[prm]
		if kind != arrayParam || !exploded(prm) {
			f.P("if seen[", n, "] {")
			fail.P(f, rt("ErrRepeated"))
			f.P("}")
		}
		f.P("seen[", n, "] = true")
		switch kind {
		case arrayParam:
			sep := querySep(prm)
			if exploded(prm) {
				sep = "0"
			}
			f.P("var err error")
			f.P("raw", i, ", err = ", rt("QueryArray"), "(raw", i, ", value, ", sep, ")")
			f.P("if err != nil {")
			fail.P(f, "err")
			f.P("}")
		case objectParam:
			f.P("vals, err := ", rt("QueryArray"), "(nil, value, ", querySep(prm), ")")
			f.P("if err != nil {")
			fail.P(f, "err")
			f.P("}")
			decodeObject(f, prm, "vals", true, false)
		default: // rawParam
			f.P("s, err := ", rt("QueryScalar"), "(value)")
			f.P("if err != nil {")
			fail.P(f, "err")
			f.P("}")
			f.P(dst, " = s")
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
		paramFail(prm).P(f, "err")
		f.P("}")
		f.P("if ", pairsVar(prm), ", err = ", rt("AddProperty"), "(", pairsVar(prm), ", key, s); err != nil {")
		paramFail(prm).P(f, "err")
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
			paramFail(prm).P(f, "err")
			f.P("}")
			f.P("if ", pairsVar(prm), ", err = ", rt("AddProperty"), "(", pairsVar(prm), ", prop, s); err != nil {")
			paramFail(prm).P(f, "err")
			f.P("}")
			f.P("}")
		}
	}
	f.P("}")
	f.P("}")
	after := len(slot) > 0
	for _, prm := range append(append([]*ir.Param{}, props...), deep...) {
		if kind, _ := requestShape(prm); kind == objectParam {
			after = true
		}
	}
	if helpers && after {
		f.P("if err != nil {")
		f.P("return err")
		f.P("}")
	}
	for i, prm := range query {
		kind, elem := requestShape(prm)
		if prm.Required {
			f.P("if !seen[", slot[prm], "] {")
			paramFail(prm).P(f, rt("ErrMissing"))
			f.P("}")
		}
		if kind == arrayParam {
			f.P("if seen[", slot[prm], "] {")
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
			paramFail(prm).P(f, rt("ErrMissing"))
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
	st := objectOf(p.Type)
	pairs := items
	if list {
		f.P("pairs, err := ", rt("ObjectPairs"), "(", items, ", ", exploded, ")")
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

// genObjectDecoders prints, for every struct used as an object parameter,
// the function decoding it from name/value pairs, unless the package has it
// already (from another API's server: the webhooks', the callbacks').
func genObjectDecoders(f *file, a *api) {
	for _, st := range a.objects {
		if !f.checks.helper("decode" + st.GoName + "Pairs") {
			continue
		}
		f.P("// decode", st.GoName, "Pairs reads an object parameter of type ", st.GoName, " from")
		f.P("// name/value pairs; unknown names are ignored.")
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
			fail := errReturn{pre: []any{"return ", rt("PropertyError"), "(", strconv.Quote(fd.JSONName), ", "}, post: []any{")"}}
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
