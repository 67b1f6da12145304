// Package spec loads an OpenAPI 3.0, 3.1 or 3.2 document, YAML or JSON, with its
// $refs resolved across files, and reports problems with file:line:column.
// Parsing and reference resolution are done by github.com/pb33f/libopenapi
// (see docs/design.md for why); this package is the only one that knows.
package spec

import (
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"github.com/pb33f/go-yaml"
	"github.com/pb33f/libopenapi"
	"github.com/pb33f/libopenapi/datamodel"
	"github.com/pb33f/libopenapi/datamodel/high/base"
	v3 "github.com/pb33f/libopenapi/datamodel/high/v3"
	"github.com/pb33f/libopenapi/index"
)

// Spec is a loaded, resolved OpenAPI document.
type Spec struct {
	// File is the root document's path as given.
	File string
	// Version is the document's "openapi" value, such as "3.1.0".
	Version string
	// Doc is the resolved document model.
	Doc *v3.Document
	// Root is the root document's YAML tree, for checks on the text as
	// written (such as which components its $refs name).
	Root *yaml.Node
	// RefAllOf holds the schemas of the root document (OpenAPI 3.1 and
	// 3.2) that had keywords beside a $ref, whose allOf now holds that
	// $ref (refSiblingsAsAllOf), so messages can name the $ref.
	RefAllOf map[*yaml.Node]bool

	absFile string
	dir     string
	// files are the other documents' indexes, when an error is reported
	// on a model that has them: fileOf finds a node's file there.
	files []*index.SpecIndex
}

// Error is a problem in a spec, at a position.
type Error struct {
	File      string
	Line, Col int
	Msg       string
}

func (e *Error) Error() string {
	if e.Line == 0 {
		return e.File + ": " + e.Msg
	}
	return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Col, e.Msg)
}

// Load reads the spec at path and the files its $refs name.
func Load(path string) (*Spec, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return Parse(path, data)
}

// Parse loads a spec from data; path names it in errors and is where
// relative $refs are resolved from.
//
// A document of one file is loaded first without the parser's
// circular-reference check: oasgen drops what that check reports
// (circular references are legal, and checkRefLoops reports the one kind
// that names no schema), and on Microsoft Graph beta it took about 0.8 s
// of 12.8 (docs/sizes.md). The check also resolves every reference: its messages for one
// that does not resolve point at the $ref and name it as written, file
// included, where the index's say less, and it is what finds a dangling
// $ref inside another file. So a document that fails to load is loaded
// again with the check, for those messages, and one whose $refs name
// other files is loaded with it.
func Parse(path string, data []byte) (*Spec, error) {
	if s, err := parse(path, data, false); err == nil {
		return s, nil
	}
	return parse(path, data, true)
}

// parse is Parse, with the parser's circular-reference check (check) or,
// unless the document's $refs name other files, without.
func parse(path string, data []byte, check bool) (*Spec, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, err
	}
	s := &Spec{File: path, absFile: abs, dir: filepath.Dir(abs)}
	cfg := &datamodel.DocumentConfiguration{
		BasePath:     s.dir,
		SpecFilePath: filepath.Base(abs),
		// With no LocalFS given, files are read when a $ref names them,
		// not by walking the directory.
		AllowFileReferences:                 true,
		IgnorePolymorphicCircularReferences: true,
		IgnoreArrayCircularReferences:       true,
		// The index's descriptions, summaries, enums and paths are for
		// linters of the spec text; oasgen reads the model. Skipping them
		// saves memory and time on big specs (docs/sizes.md).
		SkipMetadataCollection: true,
		Logger:                 slog.New(slog.DiscardHandler),
	}
	doc, err := libopenapi.NewDocumentWithConfiguration(data, cfg)
	if err != nil {
		// Parse the text again for a positioned message about what is
		// not YAML or not OpenAPI 3; the parser's own is less exact.
		if _, herr := checkHeader(path, data); herr != nil {
			return nil, herr
		}
		return nil, s.wrapErr(err)
	}
	// The parser's YAML tree is the text as written: check the header and
	// the $ref loops on it before building the model, which would follow
	// such a loop forever.
	var root *yaml.Node
	if info := doc.GetSpecInfo(); info != nil && info.RootNode != nil {
		root = info.RootNode
	} else if root, err = parseRoot(path, data); err != nil {
		return nil, err
	}
	if root, err = checkRoot(path, root); err != nil {
		return nil, err
	}
	s.Root = root
	if err := checkRefLoops(path, root); err != nil {
		return nil, err
	}
	s.Version = doc.GetVersion()
	if !strings.HasPrefix(s.Version, "3.0") {
		boolSubschemas(root) // OpenAPI 3.0's schema object has no boolean schemas
		s.RefAllOf = refSiblingsAsAllOf(root)
	}
	restore := hideDataRefs(root)
	if n := refListItem(root); n != nil {
		restore()
		return nil, &Error{File: path, Line: n.Line, Col: n.Column, Msg: `the text "$ref" as an item of a list outside a schema's required, enum or other data (an operation's tags, a server variable's enum) stops the OpenAPI parser (libopenapi v0.42.3 reads it as a reference); oasgen cannot read this document`}
	}
	// After hideDataRefs: a "$ref" key in a schema's data names no file.
	cfg.SkipCircularReferenceCheck = !check && !refsOtherFiles(root)
	model, err, crashed := buildModel(doc)
	restore()
	if rx := doc.GetRolodex(); rx != nil && err != nil {
		s.files = rx.GetIndexes()
	}
	if crashed {
		at := root
		if at.Kind == yaml.DocumentNode && len(at.Content) > 0 {
			at = at.Content[0]
		}
		return nil, &Error{File: path, Line: at.Line, Col: at.Column, Msg: err.Error()}
	}
	if model == nil {
		if err == nil {
			err = errors.New("not an OpenAPI 3 document")
		}
		return nil, s.wrapErr(err)
	}
	if err = dropCircular(err); err != nil {
		// Errors that still leave a model are unresolvable references
		// and the like: report the first ones with their positions.
		return nil, s.wrapErr(err)
	}
	s.Doc = &model.Model
	return s, nil
}

// buildModel builds the document's model, turning a panic of the parser
// into an error (crashed), which Parse puts at the top of the document:
// oasgen reports input it cannot read, it does not crash on it.
func buildModel(doc libopenapi.Document) (model *libopenapi.DocumentModel[v3.Document], err error, crashed bool) {
	defer func() {
		if r := recover(); r != nil {
			model, err, crashed = nil, fmt.Errorf("the OpenAPI parser (libopenapi) failed on this document: %v", r), true
		}
	}()
	model, err = doc.BuildV3Model()
	return model, err, false
}

// refsOtherFiles reports whether a $ref under n names another document
// (a file or a URL) rather than a place in this one.
func refsOtherFiles(n *yaml.Node) bool {
	if n.Kind == yaml.MappingNode {
		for i := 0; i+1 < len(n.Content); i += 2 {
			if k, v := n.Content[i], n.Content[i+1]; k.Value == "$ref" && v.Kind == yaml.ScalarNode && !strings.HasPrefix(v.Value, "#") {
				return true
			}
		}
	}
	for _, c := range n.Content {
		if refsOtherFiles(c) {
			return true
		}
	}
	return false
}

// refListItem returns the first scalar "$ref" that is an item of a list,
// on which the parser panics, or nil.
func refListItem(n *yaml.Node) *yaml.Node {
	for _, c := range n.Content {
		if n.Kind == yaml.SequenceNode && c.Kind == yaml.ScalarNode && c.Value == "$ref" {
			return c
		}
		if r := refListItem(c); r != nil {
			return r
		}
	}
	return nil
}

var versionRe = regexp.MustCompile(`^3\.[012]\.\d+`)

// checkHeader reads just enough of the document to reject what is not an
// OpenAPI 3.0, 3.1 or 3.2 spec with a clear message.
func checkHeader(path string, data []byte) (*yaml.Node, error) {
	root, err := parseRoot(path, data)
	if err != nil {
		return nil, err
	}
	return checkRoot(path, root)
}

// parseRoot parses the document's text into a YAML tree.
func parseRoot(path string, data []byte) (*yaml.Node, error) {
	var root yaml.Node
	if err := yaml.Unmarshal(data, &root); err != nil {
		return nil, yamlErr(path, err)
	}
	return &root, nil
}

// checkRoot checks the header of a parsed document and returns its
// top-level mapping.
func checkRoot(path string, root *yaml.Node) (*yaml.Node, error) {
	if root.Kind == yaml.MappingNode {
		root = &yaml.Node{Kind: yaml.DocumentNode, Content: []*yaml.Node{root}}
	}
	if root.Kind != yaml.DocumentNode || len(root.Content) == 0 || root.Content[0].Kind != yaml.MappingNode {
		return nil, &Error{File: path, Line: 1, Col: 1, Msg: "not an OpenAPI document: the top level must be a mapping"}
	}
	m := root.Content[0]
	for i := 0; i+1 < len(m.Content); i += 2 {
		k, v := m.Content[i], m.Content[i+1]
		switch k.Value {
		case "swagger":
			return nil, &Error{File: path, Line: k.Line, Col: k.Column, Msg: "Swagger " + v.Value + " is not supported; convert the spec to OpenAPI 3 first"}
		case "openapi":
			if !versionRe.MatchString(v.Value) {
				return nil, &Error{File: path, Line: v.Line, Col: v.Column, Msg: "unsupported OpenAPI version " + strconv.Quote(v.Value) + "; oasgen reads 3.0.x, 3.1.x and 3.2.x"}
			}
			return root.Content[0], nil
		}
	}
	return nil, &Error{File: path, Line: m.Line, Col: m.Column, Msg: `not an OpenAPI document: no "openapi" field`}
}

// checkRefLoops rejects components that are only $refs to each other in a
// loop (A: {$ref: B}, B: {$ref: A}): such a schema has no content at all,
// and the parser would follow the loop forever.
func checkRefLoops(path string, root *yaml.Node) error {
	schemas := MapValue(MapValue(root, "components"), "schemas")
	if schemas == nil {
		return nil
	}
	const prefix = "#/components/schemas/"
	refOf := func(name string) (string, *yaml.Node) {
		sch := MapValue(schemas, name)
		if r := MapValue(sch, "$ref"); r != nil && r.Kind == yaml.ScalarNode && strings.HasPrefix(r.Value, prefix) {
			return strings.TrimPrefix(r.Value, prefix), r
		}
		return "", nil
	}
	for i := 0; i+1 < len(schemas.Content); i += 2 {
		start := schemas.Content[i].Value
		chain := []string{start}
		for name := start; ; {
			next, at := refOf(name)
			if at == nil {
				break
			}
			chain = append(chain, next)
			if next == start {
				return &Error{File: path, Line: at.Line, Col: at.Column, Msg: "circular $ref: " + strings.Join(chain, " -> ") + " names no schema"}
			}
			if len(chain) > len(schemas.Content) {
				break // a loop that does not pass through start: reported from its own members
			}
			name = next
		}
	}
	return nil
}

// mapValue returns the value of key in a YAML mapping, or nil.
func MapValue(m *yaml.Node, key string) *yaml.Node {
	if m == nil || m.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key {
			return m.Content[i+1]
		}
	}
	return nil
}

var (
	yamlLineRe = regexp.MustCompile(`^yaml: (?:line (\d+): )?(.*)$`)
	yamlLCRe   = regexp.MustCompile(`^(?:go-yaml )?(?:[a-z ]*error in [a-z]+ )?(.*?) at L(\d+)\.C(\d+)(?:-L\d+\.C\d+)?: (.*)$`)
)

func yamlErr(path string, err error) error {
	msg := err.Error()
	if m := yamlLCRe.FindStringSubmatch(msg); m != nil {
		line, _ := strconv.Atoi(m[2])
		col, _ := strconv.Atoi(m[3])
		return &Error{File: path, Line: line, Col: col, Msg: "invalid YAML: " + m[4] + " " + m[1]}
	}
	if m := yamlLineRe.FindStringSubmatch(msg); m != nil {
		line, _ := strconv.Atoi(m[1])
		col := 0
		if line > 0 {
			col = 1
		}
		return &Error{File: path, Line: line, Col: col, Msg: "invalid YAML: " + m[2]}
	}
	return &Error{File: path, Msg: "invalid YAML or JSON: " + msg}
}

var lineColRe = regexp.MustCompile(`(?:line|Line)[ :]*(\d+)[, ]+(?:column|col|Column)[ :]*(\d+)`)

// wrapErr turns a libopenapi error into positioned Errors.
func (s *Spec) wrapErr(err error) error {
	// indexed are the index's reports of a $ref to nothing, positioned:
	// the resolver reports most such $refs too, with a clearer message,
	// but not one moved into an allOf (refSiblingsAsAllOf).
	var errs, indexed []error
	for _, e := range unjoin(err) {
		var re *index.ResolvingError
		if errors.As(e, &re) && re.Node != nil {
			msg := re.ErrorRef.Error()
			errs = append(errs, &Error{File: s.fileOf(re.Node), Line: re.Node.Line, Col: re.Node.Column, Msg: msg})
			continue
		}
		var ie *index.IndexingError
		if errors.As(e, &ie) && ie.Node != nil && ie.Node.Line > 0 {
			indexed = append(indexed, &Error{File: s.fileOf(ie.Node), Line: ie.Node.Line, Col: ie.Node.Column, Msg: ie.Err.Error()})
		}
		msg := e.Error()
		if m := lineColRe.FindStringSubmatch(msg); m != nil {
			line, _ := strconv.Atoi(m[1])
			col, _ := strconv.Atoi(m[2])
			errs = append(errs, &Error{File: s.File, Line: line, Col: col, Msg: msg})
			continue
		}
		errs = append(errs, &Error{File: s.File, Msg: msg})
	}
	// libopenapi reports a broken $ref twice, once without a position;
	// keep the positioned reports when there are any.
	var positioned []error
	for _, e := range errs {
		if se, ok := e.(*Error); ok && se.Line > 0 {
			positioned = append(positioned, e)
		}
	}
	if len(positioned) == 0 {
		positioned = indexed
	}
	if len(positioned) > 0 {
		errs = positioned
	}
	if len(errs) > 5 {
		errs = append(errs[:5], fmt.Errorf("and %d more", len(errs)-5))
	}
	return errors.Join(errs...)
}

// fileOf returns the file of a node an error names: the root document,
// unless the node is in the tree of another document the root's $refs
// named.
func (s *Spec) fileOf(n *yaml.Node) string {
	for _, idx := range s.files {
		if p := idx.GetSpecAbsolutePath(); p != s.absFile && !strings.HasPrefix(p, "http") && holds(idx.GetRootNode(), n) {
			return s.relative(p)
		}
	}
	return s.File
}

// holds reports whether n is tree or under it.
func holds(tree, n *yaml.Node) bool {
	if tree == n {
		return true
	}
	if tree == nil {
		return false
	}
	for _, c := range tree.Content {
		if holds(c, n) {
			return true
		}
	}
	return false
}

// dropCircular removes reports of circular references, which are legal in
// JSON Schema and which the IR builder handles, from err.
func dropCircular(err error) error {
	if err == nil {
		return nil
	}
	var keep []error
	for _, e := range unjoin(err) {
		var re *index.ResolvingError
		if errors.As(e, &re) && re.CircularReference != nil {
			continue
		}
		keep = append(keep, e)
	}
	return errors.Join(keep...)
}

func unjoin(err error) []error {
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		var out []error
		for _, e := range j.Unwrap() {
			out = append(out, unjoin(e)...)
		}
		return out
	}
	return []error{err}
}

// Pos returns the position of a schema: its file, relative to the current
// directory where that is shorter, and line and column.
func (s *Spec) Pos(sch *base.Schema) (file string, line, col int) {
	file = s.File
	if sch == nil || sch.GoLow() == nil {
		return file, 0, 0
	}
	low := sch.GoLow()
	if low.Index != nil {
		if p := low.Index.GetSpecAbsolutePath(); p != "" && p != s.absFile && !strings.HasPrefix(p, "http") {
			file = s.relative(p)
		}
	}
	if n := low.RootNode; n != nil {
		return file, n.Line, n.Column
	}
	return file, 0, 0
}

// NodePos returns the position of a YAML node in the root document.
func (s *Spec) NodePos(n *yaml.Node) (file string, line, col int) {
	if n == nil {
		return s.File, 0, 0
	}
	return s.File, n.Line, n.Column
}

// relative names the file at abs for messages: beside or under the root
// document, by the root's path as given joined with the way there;
// otherwise relative to the working directory when it is under it, or
// absolute.
func (s *Spec) relative(abs string) string {
	if rel, err := filepath.Rel(s.dir, abs); err == nil && filepath.IsLocal(rel) {
		return filepath.Join(filepath.Dir(s.File), rel)
	}
	if wd, err := os.Getwd(); err == nil {
		if rel, err := filepath.Rel(wd, abs); err == nil && !strings.HasPrefix(rel, "..") {
			return rel
		}
	}
	return abs
}
