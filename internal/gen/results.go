// This file holds the operations' results: the variants of each result
// interface, the writers that answer with them, and the sharing of result
// types between operations that answer alike.

package gen

import (
	"net/http"
	"strconv"
	"strings"

	"github.com/oasgen/oasgen/internal/ir"
)

// shareResults makes each operation whose responses are an earlier one's
// (ir.Operation.ResultTypes, as build decided) use that one's result
// types: its own result names become aliases of them (genTypes), its
// handler calls their writers, and the client reads them with one method
// for all (genCall).
func shareResults(ops []*apiOp) {
	owners := map[*ir.Share]*apiOp{}
	for _, op := range ops {
		op.owner = op
		if op.ResultTypes == nil {
			continue
		}
		if first, ok := owners[op.ResultTypes]; ok {
			op.owner = first
			first.alike = append(first.alike, op)
			continue
		}
		owners[op.ResultTypes] = op
	}
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
	f.P("body.Items = ", oashttpimpl("RequestItems"), "(", f.decodeStream(sv, "&rb.Reader", "body"), ")")
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
	}
	if !server {
		return
	}
	f.P("func (v ", sv.name, ") ", op.write, "(rw ", httpPkg("ResponseWriter"), ", r *", httpPkg("Request"), f.writerSeal(), ") error {")
	status := writeStatus(f, v)
	writeHeaders(f, v)
	f.P(oashttpimpl("WriteStream"), "(rw, r, ", status, ", ", strconv.Quote(concreteType(v.media.ContentType)), ", func(w *", oasimpl("Writer"), ", out ", Ident{"io", "Writer"}, ") error {")
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
	}
	if !server {
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
	f.P("func (v ", v.name, ") ", op.write, "(rw ", httpPkg("ResponseWriter"), ", r *", httpPkg("Request"), f.writerSeal(), ") error {")
	status := writeStatus(f, v)
	if v.media == nil && len(v.headers) == 0 {
		f.P("return ", oashttpimpl("WriteStatus"), "(rw, ", status, ")")
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
			f.P(append([]any{"return ", oashttpimpl("WriteReaderAs"), "(rw, ", status, ", v.", v.ctField, ", v.", v.bodyField}, append(types, ")")...)...)
			f.P("}")
			f.P()
			return
		}
		// Checked before anything is written: an error writes nothing.
		f.P(append([]any{"ct, err := ", oashttpimpl("ResponseMedia"), "(v.", v.ctField}, append(types, ")")...)...)
		f.P("if err != nil {")
		f.P("return err")
		f.P("}")
		contentType = "ct"
	}
	if v.media != nil && v.json && ir.HasCodec(v.typ) && len(v.headers) == 0 {
		callWithCheck(f, v, ")", "return ", oashttpimpl("WriteEncoded"), "(rw, r, ", status, ", ", contentType, ", v.", v.bodyField, ".EncodeJSON, ")
		f.P("}")
		f.P()
		return
	}
	if v.media != nil && v.json {
		f.P("w := ", oashttpimpl("GetResponseWriter"), "()")
		if ir.HasCodec(v.typ) {
			f.P("v.", v.bodyField, ".EncodeJSON(w)")
		} else {
			c := &codec{file: f}
			c.enc(v.typ, "v."+v.bodyField)
		}
		if len(v.headers) == 0 {
			callWithCheck(f, v, ")", "return ", oashttpimpl("WriteJSON"), "(rw, r, ", status, ", ", contentType, ", w, ")
			f.P("}")
			f.P()
			return
		}
		callWithCheck(f, v, "); err != nil {", "if err := ", oashttpimpl("EndJSON"), "(r, ", status, ", w, ")
		f.P("return err")
		f.P("}")
	}
	writeHeaders(f, v)
	switch {
	case v.seq != nil:
		seqWrite(f, v, status)
	case v.media != nil && v.json:
		f.P(oashttpimpl("WriteBody"), "(rw, r, ", status, ", ", contentType, ", w)")
	case v.media != nil:
		f.P(oashttpimpl("WriteReader"), "(rw, ", status, ", ", contentType, ", v.", v.bodyField, ")")
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
	if ir.HasCodec(v.typ) {
		f.P(append(head, oashttpimpl("CheckJSON"), "[", goT, "]", tail)...)
		return
	}
	f.P(append(head, "func(r *", oasimpl("Reader"), ") error {")...)
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
	kind, elem := ir.ParamShape(h.Type)
	switch {
	case kind == ir.RawParam:
		f.P("if ", x, " != \"\" {")
		f.P("h.Set(", key, ", ", x, ")")
		f.P("}")
	case kind == ir.ArrayParam:
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

// sealsWriters reports whether the results f declares have exported
// writers, which the server calls from another package (split.go). With
// the writer alone any type with that method would be a result, so the
// writer takes a last parameter of a type no other package can name
// (sealType), which the server passes as nil: the result interfaces stay
// sealed at no cost per result.
func (f *file) sealsWriters() bool { return f.layout != nil }

// sealType is the unexported type of the last parameter of exported
// writers (sealsWriters), declared once in each package of results.
const sealType = "resultSeal"

// writerSeal returns the last parameter of a result's writer: none in one
// package, the sealing one when the writers are exported.
func (f *file) writerSeal() string {
	if f.sealsWriters() {
		return ", _ *" + sealType
	}
	return ""
}

// genSealType declares sealType in f's package, once.
func genSealType(f *file) {
	if !f.sealsWriters() || !f.checks.helper(sealType) {
		return
	}
	f.P("// ", sealType, " is the type of the last parameter of the results' writers,")
	f.P("// which the server passes as nil: unexported, so no type of another")
	f.P("// package can have a writer, and the result interfaces stay sealed.")
	f.P("type ", sealType, " struct{}")
	f.P()
}
