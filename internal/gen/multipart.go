package gen

import (
	"strconv"

	"github.com/oasgen/oasgen/internal/ir"
)

// multipartBody is a multipart/form-data request body decoded into a struct
// of its own (<Op>Form), not the schema's type: a file property is a
// *oashttp.File there, read from the request as it streams, where the
// schema's type holds a string.
type multipartBody struct {
	name   string // the Go struct
	fields []*partField
}

// partKind is how a property of a multipart body is carried.
type partKind uint8

const (
	scalarPart partKind = iota // one part, parsed by its schema
	arrayPart                  // one part per item, each parsed
	filePart                   // a file: *oashttp.File
	filesPart                  // several files: []*oashttp.File
	rawPart                    // anything else: the part's text
)

type partField struct {
	*ir.Field
	kind partKind
	elem ir.Type // the item type of an arrayPart
}

// isBinary reports whether t is a string of format binary: a file.
func isBinary(t ir.Type) bool {
	p, _, ok := ir.ScalarOf(t)
	return ok && p != nil && p.Kind == ir.String && p.Format == "binary"
}

// newMultipart returns the multipart body of an operation whose only
// request media type is multipart/form-data with an object schema, or nil.
func newMultipart(o *ir.Operation) *multipartBody {
	if o.BodyNames.Form == "" {
		return nil
	}
	st := ir.StructOf(o.Body.Content[0].Type)
	mb := &multipartBody{name: o.BodyNames.Form}
	for _, fd := range st.Fields {
		pf := &partField{Field: fd, kind: rawPart}
		t := ir.UnNull(fd.Type)
		if r, ok := t.(*ir.Ref); ok {
			if a, ok := r.Decl.(*ir.Alias); ok {
				if _, arr := ir.UnNull(a.Type).(*ir.Array); arr {
					t = ir.UnNull(a.Type)
				}
			}
		}
		switch {
		case isBinary(t):
			pf.kind = filePart
		case isScalar(t):
			pf.kind = scalarPart
		default:
			if arr, ok := t.(*ir.Array); ok {
				switch {
				case isBinary(arr.Elem):
					pf.kind = filesPart
				case isScalar(arr.Elem):
					if _, null := arr.Elem.(*ir.Nullable); !null {
						pf.kind, pf.elem = arrayPart, arr.Elem
					}
				}
			}
		}
		mb.fields = append(mb.fields, pf)
	}
	return mb
}

func isScalar(t ir.Type) bool {
	_, _, ok := ir.ScalarOf(t)
	return ok
}

// partType returns the Go type of a multipart body's field.
func (f *file) partType(pf *partField) string {
	switch pf.kind {
	case filePart:
		return "*" + f.qual(oashttp("File"))
	case filesPart:
		return "[]*" + f.qual(oashttp("File"))
	case arrayPart:
		return "[]" + f.goType(pf.elem)
	case rawPart:
		return "string"
	}
	t := f.goType(ir.UnNull(pf.Type))
	if !pf.Required {
		return f.qual(oasrt("Opt")) + "[" + t + "]"
	}
	return t
}

// genMultipartType prints the struct of a multipart body.
func genMultipartType(f *file, op *apiOp) {
	mb := op.body.multipart
	f.P("// ", mb.name, " is the multipart/form-data request body of ", op.GoName, ": a")
	f.P("// field per property, read from the part of its name. Files are read as")
	f.P("// the request streams, held in memory up to the server's multipart memory")
	f.P("// bound (oashttp.WithMaxMultipartMemory) and in a temporary file past it.")
	f.P("type ", f.declType(mb.name), " struct {")
	for _, pf := range mb.fields {
		what := "the part " + strconv.Quote(pf.JSONName)
		switch pf.kind {
		case arrayPart:
			what = "the parts " + strconv.Quote(pf.JSONName) + ", one per item"
		case filePart:
			what = "the file part " + strconv.Quote(pf.JSONName)
			if !pf.Required {
				what += ", nil when absent"
			}
		case filesPart:
			what = "the file parts " + strconv.Quote(pf.JSONName)
		}
		if pf.Required {
			what += ", required"
		}
		f.P("// ", pf.GoName, " is ", what, ".")
		if pf.Doc.Description != "" {
			f.comment(pf.Doc.Description)
		}
		if pf.kind == rawPart {
			f.P("//")
			f.P("// Not parsed: the part's text as it is.")
		}
		f.P(pf.GoName, " ", f.partType(pf))
	}
	f.P("}")
	f.P()
}

// multipartHandle prints the server code reading a multipart body into
// body; the temporary files of its files are removed when the handler
// returns.
func multipartHandle(f *file, op *apiOp) {
	mb := op.body.multipart
	f.P("var body *", mb.name)
	f.P("mp, err := s.cfg.MultipartBody(w, r, ", op.body.required, ")")
	f.P("if err != nil {")
	f.P("s.cfg.Error(w, r, err)")
	f.P("return")
	f.P("}")
	f.P("if mp != nil {")
	f.P("defer mp.Close()")
	f.P("body = new(", mb.name, ")")
	f.P("if err := decode", mb.name, "(mp, body); err != nil {")
	f.P("s.cfg.Error(w, r, err)")
	f.P("return")
	f.P("}")
	f.P("}")
}

// genMultipartDecode prints the function reading a multipart body part by
// part: a part that does not parse or breaks its schema is a BodyError with
// the operation's status for invalid content (invalidStatus), naming the
// property; the body's own errors (malformed, too large) pass through.
func genMultipartDecode(f *file, op *apiOp) {
	mb := op.body.multipart
	status := strconv.Itoa(invalidStatus(op))
	invalid := func(name string) errReturn {
		return errReturn{
			pre:  []any{"return &", oashttp("BodyError"), "{Err: ", oashttpimpl("PropertyError"), "(", strconv.Quote(name), ", "},
			post: []any{"), Status: ", status, "}"},
		}
	}
	f.P("// decode", mb.name, " reads the multipart/form-data body of ", op.GoName, ";")
	f.P("// parts of other names are skipped.")
	f.P("func decode", mb.name, "(m *", oashttpimpl("Multipart"), ", v *", mb.name, ") error {")
	var required []*partField
	for _, pf := range mb.fields {
		if pf.Required {
			required = append(required, pf)
		}
	}
	if len(required) > 0 {
		f.P("var seen [", len(required), "]bool")
	}
	f.P("for {")
	f.P("name, err := m.Next()")
	f.P("if err == ", Ident{"io", "EOF"}, " {")
	f.P("break")
	f.P("}")
	f.P("if err != nil {")
	f.P("return err")
	f.P("}")
	f.P("switch name {")
	r := 0
	for _, pf := range mb.fields {
		f.P("case ", strconv.Quote(pf.JSONName), ":")
		if pf.Required {
			f.P("seen[", r, "] = true")
			r++
		}
		fail := invalid(pf.JSONName)
		dst := "v." + pf.GoName
		switch pf.kind {
		case filePart, filesPart:
			f.P("file, err := m.File()")
			f.P("if err != nil {")
			f.P("return err")
			f.P("}")
			if pf.kind == filePart {
				f.P(dst, " = file")
			} else {
				f.P(dst, " = append(", dst, ", file)")
			}
			continue
		}
		f.P("s, err := m.Value()")
		f.P("if err != nil {")
		f.P("return err")
		f.P("}")
		switch pf.kind {
		case rawPart:
			f.P(dst, " = s")
		case arrayPart:
			f.P("var item ", f.goType(pf.elem))
			f.parseScalar(pf.elem, "s", "item", fail)
			f.P(dst, " = append(", dst, ", item)")
		default:
			if !pf.Required {
				f.P(dst, ".Set = true")
				dst += ".Value"
			}
			f.parseScalar(pf.Type, "s", dst, fail)
		}
	}
	f.P("}")
	f.P("}")
	for i, pf := range required {
		f.P("if !seen[", i, "] {")
		invalid(pf.JSONName).P(f, oashttp("ErrMissing"))
		f.P("}")
	}
	f.P("return nil")
	f.P("}")
	f.P()
}

// multipartSend prints the client code sending body as multipart/form-data,
// written while the request is sent.
func multipartSend(f *file, op *apiOp) {
	mb := op.body.multipart
	f.P("if body != nil {")
	multipartChecks(f, mb)
	f.P("mw := ", oashttpimpl("NewMultipartWriter"), "(func(w *", oashttpimpl("MultipartWriter"), ") error {")
	send := func(call string) {
		f.P("if err := ", call, "; err != nil {")
		f.P("return err")
		f.P("}")
	}
	for _, pf := range mb.fields {
		name := strconv.Quote(pf.JSONName)
		x := "body." + pf.GoName
		switch pf.kind {
		case filePart:
			send("w.File(" + name + ", " + x + ")")
		case filesPart:
			f.P("for _, file := range ", x, " {")
			send("w.File(" + name + ", file)")
			f.P("}")
		case arrayPart:
			f.P("for _, item := range ", x, " {")
			send("w.Value(" + name + ", " + f.formatScalar(pf.elem, "item") + ")")
			f.P("}")
		case rawPart:
			if pf.Required {
				send("w.Value(" + name + ", " + x + ")")
				break
			}
			f.P("if ", x, " != \"\" {")
			send("w.Value(" + name + ", " + x + ")")
			f.P("}")
		default:
			if pf.Required {
				send("w.Value(" + name + ", " + f.formatScalar(pf.Type, x) + ")")
				break
			}
			f.P("if ", x, ".Set {")
			send("w.Value(" + name + ", " + f.formatScalar(pf.Type, x+".Value") + ")")
			f.P("}")
		}
	}
	f.P("return nil")
	f.P("})")
	f.P("req.BodyReader, req.ContentType = mw.Reader(), mw.ContentType()")
	f.P("}")
}

// multipartChecks prints the checks of a multipart body's values that the
// server makes when it parses them, so that a body it would refuse is not
// sent: the call returns a *RequestCheckError naming the part.
// WithoutRequestCheck skips them.
func multipartChecks(f *file, mb *multipartBody) {
	var checked []*partField
	for _, pf := range mb.fields {
		switch pf.kind {
		case scalarPart:
			if scalarCheckable(pf.Type) && f.checks.typeNeeds(pf.Type) {
				checked = append(checked, pf)
			}
		case arrayPart:
			if scalarCheckable(pf.elem) && f.checks.typeNeeds(pf.elem) {
				checked = append(checked, pf)
			}
		}
	}
	if len(checked) == 0 {
		return
	}
	f.P("if !c.cfg.SkipRequestCheck {")
	for _, pf := range checked {
		ret := errReturn{
			pre:  []any{"return nil, &", oashttp("RequestCheckError"), "{Err: ", oashttpimpl("PropertyError"), "(", strconv.Quote(pf.JSONName), ", "},
			post: []any{")}"},
		}
		x := "body." + pf.GoName
		if pf.kind == arrayPart {
			f.P("for i := range ", x, " {")
			scalarCheck(f, pf.elem, x+"[i]", ret)
			f.P("}")
			continue
		}
		f.ifSet(x, pf.Required, func(x string) { scalarCheck(f, pf.Type, x, ret) })
	}
	f.P("}")
}
