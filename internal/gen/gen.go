// Package gen prints the IR as Go source: one file per concern, formatted,
// with imports managed by the printer.
package gen

import (
	"bytes"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"unicode"

	"github.com/oasgen/oasgen/internal/ir"
)

// Options control generation.
type Options struct {
	// Package is the Go package name.
	Package string
	// Version is the generator version written in file headers.
	Version string
	// Parts are the parts of the API to print; zero means all of them.
	Parts Parts
	// ModelPackages, when above 1, splits the models (types, codecs,
	// Validate, streams) into up to that many packages under
	// internal/oasmodels/, for specs too big to compile as one package;
	// the package declares aliases of their types (split.go).
	ModelPackages int
	// ModelPairs makes ModelPackages the number that bounds the compiler's
	// memory rather than a most: a group of models that would compile
	// alone gets a second package when it can be cut (ir.Package.Split).
	// generate sets it when it chooses ModelPackages by size.
	ModelPairs bool
	// ImportPath is the import path of the package, which the split
	// models' packages are below; required with ModelPackages.
	ImportPath string
	// OpPackages, when above 1 with ModelPackages above 1 and the
	// server, splits the operations' types, server and client into up to
	// that many parts each (opsplit.go).
	OpPackages int
	// RouteLines, when above 0 with ModelPackages above 1 and the server,
	// bounds the lines of the router's package: past it, its route
	// functions go into packages of their own under internal/oasroute/
	// (routepkgs.go).
	RouteLines int
	// JSONTokens gives the objects EncodeTokens methods (oas_jsonv2_gen.go),
	// which MarshalJSONTo calls for large values on Go 1.27: about 8% more
	// code, so it is asked for (docs/doors.md).
	JSONTokens bool
}

// Parts is a set of the parts of an API's code. The models (types, codecs,
// Validate) are always printed: the server and the client use them.
type Parts uint8

const (
	Models  Parts = 1 << iota
	Server        // the router, the Handler interface and Server
	Client        // the Client
	Streams       // the models' streaming API (oas_stream_gen.go), with its hooks in the codecs
	// Validator is the validating middleware and the contract transport
	// (oas_validator_gen.go, validator.go), with the router; asked for by
	// name, it is not among AllParts.
	Validator
	AllParts = Models | Server | Client | Streams
)

// Has reports whether p holds q; zero holds AllParts.
func (p Parts) Has(q Parts) bool {
	if p == 0 {
		p = AllParts
	}
	return p&q != 0
}

// File is one generated file.
type File struct {
	Name    string
	Content []byte
}

// Generate prints pkg as Go files, sorted by name. Without the Streams
// part it prints the models as if pkg named no streaming API. It changes
// nothing in pkg.
func Generate(pkg *ir.Package, opts Options) ([]File, error) {
	if opts.Version == "" {
		opts.Version = "(devel)"
	}
	// Each file is formatted as soon as it is complete, and its unformatted
	// text dropped: big specs print hundreds of megabytes. It is formatted
	// while the next file is printed, and the next waits for it, so no
	// more than two files' text is held.
	var (
		out  []File
		errs []error
		prev = make(chan struct{})
	)
	close(prev)
	emit := func(fs ...*file) error {
		for _, f := range fs {
			<-prev
			if n := len(errs); n > 0 && errs[n-1] != nil {
				return errs[n-1]
			}
			done := make(chan struct{})
			out = append(out, File{Name: f.name})
			errs = append(errs, nil)
			i := len(out) - 1
			go func() {
				defer close(done)
				out[i].Content, errs[i] = f.content(opts.Version)
				f.buf = bytes.Buffer{}
			}()
			prev = done
		}
		return nil
	}
	k := newChecks(pkg)
	k.noStreams = !opts.Parts.Has(Streams)
	if opts.ModelPackages > 1 {
		if opts.ImportPath == "" {
			return nil, errors.New("gen: ModelPackages needs the package's ImportPath")
		}
		k.layout = newLayout(pkg, opts.ModelPackages, opts.ModelPairs, opts.ImportPath)
		k.layout.splitOps(pkg.Operations, opts.OpPackages, opts.ImportPath)
		k.layout.routeLines = opts.RouteLines
		for _, mp := range k.layout.pkgs {
			km := k.forPackage()
			part := &ir.Package{Decls: mp.decls}
			if err := genModelFiles(part, opts.JSONTokens, func(name string) *file { return mp.file(name, km) }, emit); err != nil {
				return nil, err
			}
			// The Validate methods register values the codecs share too,
			// so their file comes last.
			validate := mp.file("oas_validate_gen.go", km)
			validate.specText = true // patterns in doc comments
			genValidate(validate, part)
			if err := emit(validate); err != nil {
				return nil, err
			}
		}
		models := newFile("oas_models_gen.go", opts.Package, k)
		models.specText = true // the schemas' descriptions
		genForwards(models, k.layout)
		if err := emit(models); err != nil {
			return nil, err
		}
	} else {
		if err := genModelFiles(pkg, opts.JSONTokens, func(name string) *file { return newFile(name, opts.Package, k) }, emit); err != nil {
			return nil, err
		}
	}

	server, client, validator := opts.Parts.Has(Server), opts.Parts.Has(Client), opts.Parts.Has(Validator)
	if validator && server && k.layout != nil && len(pkg.Operations) > 0 {
		return nil, errors.New("gen: the validator part is not generated beside a server split into packages yet")
	}
	var mainAPI *api
	if len(pkg.Operations) > 0 && (server || client || validator) {
		a := newAPI(pkg)
		if k.layout != nil && server {
			// A client without the server stays in the package: it has
			// nothing to compile beside.
			if err := genSplitAPI(a, opts.Package, k, client, emit); err != nil {
				return nil, err
			}
		} else {
			// The operations' parameter and response types belong to the
			// server's file, or to the client's when there is no server.
			var types *file
			if server {
				router := newFile("oas_router_gen.go", opts.Package, k)
				genRouter(router, a)
				srv := newFile("oas_server_gen.go", opts.Package, k)
				genTypes(srv, a, true)
				genServer(srv, a)
				if err := emit(router, srv); err != nil {
					return nil, err
				}
				types = srv
			}
			if client {
				f := newFile("oas_client_gen.go", opts.Package, k)
				if types == nil {
					genTypes(f, a, false)
					types = f
				}
				genClient(f, a)
				if err := emit(f); err != nil {
					return nil, err
				}
			}
			if validator {
				// The validator decodes with the server's code: without
				// the server it prints the router, the Params types and
				// the decoders itself.
				var fs []*file
				if !server {
					router := newFile("oas_router_gen.go", opts.Package, k)
					genRouter(router, a)
					fs = append(fs, router)
				}
				f := newFile("oas_validator_gen.go", opts.Package, k)
				genValidator(f, a, !server, types == nil)
				if err := emit(append(fs, f)...); err != nil {
					return nil, err
				}
			}
		}
		mainAPI = a
	}
	inPackage := func(name string) *file { return newFile(name, opts.Package, k) }
	if len(pkg.Webhooks) > 0 && (server || client) {
		st := sent{"webhooks", "webhook", pkg.WebhookAPI, pkg.Webhooks}
		if k.layout != nil && server {
			if err := genSplitWebhooks(pkg, st, opts.Package, k, client, emit); err != nil {
				return nil, err
			}
		} else {
			_, fs := genSent(pkg, st, inPackage, server, client, mainAPI)
			if err := emit(fs...); err != nil {
				return nil, err
			}
		}
	}
	if len(pkg.Callbacks) > 0 && (server || client) {
		_, fs := genSent(pkg, sent{"callbacks", "callback", pkg.CallbackAPI, pkg.Callbacks}, inPackage, server, client, mainAPI)
		if err := emit(fs...); err != nil {
			return nil, err
		}
	}

	// Validate methods come after the codecs and the server, which also
	// register the package-level values they share. With the models split,
	// this package's file holds only the values of the webhooks' and
	// callbacks' code.
	if k.layout == nil || len(k.vars) > 0 {
		validate := newFile("oas_validate_gen.go", opts.Package, k)
		validate.specText = true // patterns in doc comments
		if k.layout == nil {
			genValidate(validate, pkg)
		} else {
			genValidate(validate, &ir.Package{})
		}
		if err := emit(validate); err != nil {
			return nil, err
		}
	}
	<-prev
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}

	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out, nil
}

// genModelFiles prints the models, their codecs, encoding/json/v2's
// methods and the streaming API of pkg's declarations into files made by
// newFile, handing each to emit when it is complete. The Validate methods
// are printed apart, after the files that share their package-level
// values.
func genModelFiles(pkg *ir.Package, tokens bool, newFile func(name string) *file, emit func(...*file) error) error {
	models := newFile("oas_models_gen.go")
	models.specText = true
	genModels(models, pkg)
	if err := emit(models); err != nil {
		return err
	}
	codec := newFile("oas_json_gen.go")
	marshaled := genJSON(codec, pkg)
	if err := emit(codec); err != nil {
		return err
	}
	if len(marshaled) > 0 {
		v2 := newFile("oas_jsonv2_gen.go")
		genJSONv2(v2, pkg, marshaled, tokens)
		if err := emit(v2); err != nil {
			return err
		}
	}
	if stream := newFile("oas_stream_gen.go"); hasStreams(stream.checks, pkg) {
		genStream(stream, pkg)
		return emit(stream)
	}
	return nil
}

// comment prints text as // lines, one paragraph line per source line.
func (f *file) comment(text string) {
	text = strings.TrimSpace(strings.ReplaceAll(text, "\r\n", "\n"))
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimRight(line, " \t\r")
		if line == "" {
			f.P("//")
		} else {
			f.P("// ", line)
		}
	}
}

// oneLine returns s, a name from the spec, with its control characters
// escaped as in a Go string, for a line of a comment: a property named
// "a\nb" would end the comment.
func oneLine(s string) string {
	if strings.IndexFunc(s, unicode.IsControl) < 0 {
		return s
	}
	q := strconv.Quote(s)
	return q[1 : len(q)-1]
}

// declDoc prints a type's doc comment.
func (f *file) declDoc(d ir.Decl, c *ir.Common, what string) {
	ptr, _ := d.Origin()
	f.P("// ", c.GoName, " is ", what, " ", oneLine(ptr), ".")
	switch {
	case c.Copies == 1:
		f.P("// It is also the type of an inline schema elsewhere that is a copy of it.")
	case c.Copies > 1:
		f.P("// It is also the type of ", c.Copies, " inline schemas elsewhere that are copies of it.")
	}
	if c.Doc.Title != "" || c.Doc.Description != "" {
		f.P("//")
		if c.Doc.Title != "" {
			f.comment(c.Doc.Title)
			if c.Doc.Description != "" {
				f.P("//")
			}
		}
		if c.Doc.Description != "" {
			f.comment(c.Doc.Description)
		}
	}
	if c.Doc.Deprecated {
		f.P("//")
		f.P("// Deprecated: the schema is marked deprecated.")
	}
}

func genModels(f *file, pkg *ir.Package) {
	for _, d := range pkg.Decls {
		f.cut()
		switch d := d.(type) {
		case *ir.Struct:
			f.declDoc(d, &d.Common, "the object schema")
			f.P("type ", d.GoName, " struct {")
			if d.Other != nil {
				f.P("// OtherKind holds the value when it is not an object: the schema")
				f.P("// has no type, so JSON Schema allows every kind.")
				f.P(oasimpl("OtherKind"))
			}
			for _, fd := range d.Fields {
				if fd.Doc.Description != "" || fd.Doc.Title != "" {
					f.comment(strings.TrimSpace(fd.Doc.Title + "\n\n" + fd.Doc.Description))
				}
				if fd.Doc.Deprecated {
					if fd.Doc.Description != "" {
						f.P("//")
					}
					f.P("// Deprecated: the property is marked deprecated.")
				}
				f.P(fd.GoName, " ", f.fieldType(fd), " ", fieldTag(fd))
			}
			for _, pp := range d.Patterns {
				f.P("// ", pp.GoName, " holds the properties whose names match ", patternDoc(pp.Pattern), ".")
				f.P(pp.GoName, " map[string]", f.goType(pp.Type), " `json:\"-\"`")
			}
			if d.Additional != nil {
				f.P("// ", d.AdditionalGoName, " holds the properties not declared above.")
				f.P(d.AdditionalGoName, " map[string]", f.goType(d.Additional), " `json:\"-\"`")
			}
			f.P("}")
			f.P()
		case *ir.Enum:
			f.declDoc(d, &d.Common, "the enum schema")
			base := f.primType(d.Base.Kind)
			f.P("type ", d.GoName, " ", base)
			f.P()
			f.P("// The values of ", d.GoName, ".")
			f.P("const (")
			for _, v := range d.Values {
				if d.Base.Kind == ir.String {
					f.P(v.GoName, " ", d.GoName, " = ", strconv.Quote(v.Str))
				} else {
					f.P(v.GoName, " ", d.GoName, " = ", v.Int)
				}
			}
			f.P(")")
			f.P()
		case *ir.Union:
			unionModel(f, d)
		case *ir.Tuple:
			tupleModel(f, d)
		case *ir.Alias:
			f.declDoc(d, &d.Common, "the schema")
			if goAlias(d) {
				f.P("type ", d.GoName, " = ", f.goType(d.Type))
			} else {
				f.P("type ", d.GoName, " ", f.goType(d.Type))
			}
			f.P()
		}
	}
}

// patternDoc quotes a pattern for a comment.
func patternDoc(pattern string) string {
	if strconv.CanBackquote(pattern) {
		return "`" + pattern + "`"
	}
	return strconv.Quote(pattern)
}

// goAlias reports whether a named schema becomes a Go type alias rather than
// a defined type: a schema that only refers to another named schema is that
// type (with its methods), and formats whose Go type already has JSON
// methods (time.Time, oasrt.Date, oasrt.UUID, netip.Addr) keep them that way.
func goAlias(d *ir.Alias) bool { return d.GoAlias() }

// aliasTarget returns the type a Go alias stands for, when t refers to one.
func aliasTarget(t ir.Type) (ir.Type, bool) {
	if r, ok := t.(*ir.Ref); ok {
		if a, ok := r.Decl.(*ir.Alias); ok && goAlias(a) {
			return a.Type, true
		}
	}
	return nil, false
}

// fieldTag is the struct tag naming the JSON property, for readers of the
// code and tools that look at tags; the generated codecs do not use it.
func fieldTag(fd *ir.Field) string {
	opt := ""
	if !fd.Required {
		opt = ",omitzero"
	}
	name := fd.JSONName
	if strings.ContainsAny(name, "`\"\\,") || name == "-" {
		return ""
	}
	return fmt.Sprintf("`json:%q`", name+opt)
}
