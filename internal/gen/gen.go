// Package gen prints the IR as Go source: one file per concern, formatted,
// with imports managed by the printer.
package gen

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/oasgen/oasgen/internal/ir"
)

// Options control generation.
type Options struct {
	// Package is the Go package name.
	Package string
	// Version is the generator version written in file headers.
	Version string
}

// File is one generated file.
type File struct {
	Name    string
	Content []byte
}

// Generate prints pkg as Go files, sorted by name.
func Generate(pkg *ir.Package, opts Options) ([]File, error) {
	if opts.Version == "" {
		opts.Version = "(devel)"
	}
	var files []*file
	models := newFile("oas_models_gen.go", opts.Package)
	models.specText = true
	genModels(models, pkg)
	files = append(files, models)

	k := newChecks(pkg)
	codec := newFile("oas_json_gen.go", opts.Package)
	marshaled := genJSON(codec, pkg, k)
	files = append(files, codec)
	if len(marshaled) > 0 {
		v2 := newFile("oas_jsonv2_gen.go", opts.Package)
		genJSONv2(v2, marshaled)
		files = append(files, v2)
	}

	if hasStreams(pkg) {
		stream := newFile("oas_stream_gen.go", opts.Package)
		genStream(stream, pkg, k)
		files = append(files, stream)
	}

	if len(pkg.Operations) > 0 {
		a := newAPI(pkg)
		router := newFile("oas_router_gen.go", opts.Package)
		genRouter(router, a)
		server := newFile("oas_server_gen.go", opts.Package)
		server.checks = k // what the server parses is checked as JSON is
		genTypes(server, a)
		genServer(server, a)
		client := newFile("oas_client_gen.go", opts.Package)
		client.checks = k
		genClient(client, a)
		files = append(files, router, server, client)
	}

	// Validate methods come after the codecs and the server, which also
	// register the package-level values they share.
	validate := newFile("oas_validate_gen.go", opts.Package)
	validate.specText = true // patterns in doc comments
	genValidate(validate, pkg, k)
	files = append(files, validate)

	var out []File
	for _, f := range files {
		src, err := f.content(opts.Version)
		if err != nil {
			return nil, err
		}
		out = append(out, File{Name: f.name, Content: src})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out, nil
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

// declDoc prints a type's doc comment.
func (f *file) declDoc(d ir.Decl, c *ir.Common, what string) {
	ptr, _ := d.Origin()
	f.P("// ", c.GoName, " is ", what, " ", ptr, ".")
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
		switch d := d.(type) {
		case *ir.Struct:
			f.declDoc(d, &d.Common, "the object schema")
			f.P("type ", d.GoName, " struct {")
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
func goAlias(d *ir.Alias) bool {
	switch t := d.Type.(type) {
	case *ir.Ref, *ir.External:
		return true
	case *ir.Prim:
		switch t.Kind {
		case ir.DateTime, ir.Date, ir.UUID, ir.IPv4, ir.IPv6, ir.IP:
			return true
		}
	}
	return false
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
