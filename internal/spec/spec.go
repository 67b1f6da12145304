// Package spec loads an OpenAPI 3.0, 3.1 or 3.2 document, YAML or JSON, with its
// $refs resolved across files, into the model internal/build and
// internal/lint read (model.go, schema.go), and reports problems with
// file:line:column. YAML is parsed by github.com/pb33f/go-yaml, JSON by
// this package (jsontree.go), both into go-yaml's tree, which keeps every
// node's position; the model is built from that tree (load.go). See
// docs/design.md for why the model is oasgen's own.
package spec

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/pb33f/go-yaml"
)

// Spec is a loaded, resolved OpenAPI document.
type Spec struct {
	// File is the root document's path as given.
	File string
	// Version is the document's "openapi" value, such as "3.1.0".
	Version string
	// Doc is the document's model.
	Doc *Document
	// Root is the root document's top-level mapping, for checks on the
	// text as written (such as which components its $refs name).
	Root *yaml.Node
	// RefAllOf holds the schemas of the root document (OpenAPI 3.1 and
	// 3.2) that had keywords beside a $ref, whose allOf now holds that
	// $ref (refSiblingsAsAllOf), so messages can name the $ref.
	RefAllOf map[*yaml.Node]bool
	// Ignored are the keys starting with x- of maps of names (content,
	// encodings, callbacks, links, webhooks), which take
	// no extensions: the model leaves them out, in the order met, and the
	// generator warns about each.
	Ignored []Ignored

	absFile string
	dir     string
	// nodeFile holds the file of each node of the documents other than
	// the root that $refs named.
	nodeFile map[*yaml.Node]string
	// refSteps counts the $refs followed, for tests.
	refSteps int
}

// Ignored is a key of a map of names that the model leaves out.
type Ignored struct {
	Key *yaml.Node
	// In names the map: "content", "encoding", "callbacks", "links" or
	// "webhooks".
	In string
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
func Load(path string) (*Spec, error) { return LoadWith(path, Options{}) }

// LoadWith is Load with limits other than the defaults.
func LoadWith(path string, opts Options) (*Spec, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return ParseWith(path, data, opts)
}

// maxErrors is how many errors of a load are listed; the rest are counted.
const maxErrors = 5

// Parse loads a spec from data; path names it in errors and is where
// relative $refs are resolved from.
func Parse(path string, data []byte) (*Spec, error) { return ParseWith(path, data, Options{}) }

// ParseWith is Parse with limits other than the defaults.
func ParseWith(path string, data []byte, opts Options) (*Spec, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, err
	}
	s := &Spec{File: path, absFile: abs, dir: filepath.Dir(abs)}
	doc, err := parseTree(data)
	if err != nil {
		return nil, yamlErr(path, err)
	}
	if err := checkTree(path, doc, opts); err != nil {
		return nil, err
	}
	root, err := checkRoot(path, doc)
	if err != nil {
		return nil, err
	}
	s.Root = root
	if err := checkRefLoops(path, root); err != nil {
		return nil, err
	}
	s.Version = MapValue(root, "openapi").Value
	v31 := !strings.HasPrefix(s.Version, "3.0")
	if v31 {
		boolSubschemas(root) // OpenAPI 3.0's schema object has no boolean schemas
		s.RefAllOf = refSiblingsAsAllOf(root)
	}
	top := &file{abs: abs, top: root}
	l := &loader{root: top, files: map[string]*file{abs: top}, dir: s.dir, given: path, schemas: map[*yaml.Node]*Schema{},
		callbacksRead: map[*yaml.Node]*Callback{}, nodeFile: map[*yaml.Node]string{}, refAllOf: map[*yaml.Node]bool{}, ignoredSeen: map[*yaml.Node]bool{},
		v31: v31, followed: map[followKey]followed{}, walking: map[followKey]bool{}, members: map[*yaml.Node]memberIndex{}, opts: opts}
	s.Doc = l.document(s.Version)
	l.xWebhooks(s.Doc)
	l.check()
	s.nodeFile = l.nodeFile
	s.refSteps = l.steps
	s.Ignored = l.ignored
	for n := range l.refAllOf {
		if s.RefAllOf == nil {
			s.RefAllOf = map[*yaml.Node]bool{}
		}
		s.RefAllOf[n] = true
	}
	if len(l.errs) > 0 {
		return nil, joinErrors(l.errs[:min(len(l.errs), maxErrors)], len(l.errs)-min(len(l.errs), maxErrors))
	}
	return s, nil
}

var versionRe = regexp.MustCompile(`^3\.[012]\.\d+`)

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
// and the parser would follow the loop forever. Each component is walked
// once: a chain of n $refs (S0 -> S1 -> ... -> a schema) costs n steps.
func checkRefLoops(path string, root *yaml.Node) error {
	schemas := MapValue(MapValue(root, "components"), "schemas")
	if schemas == nil || schemas.Kind != yaml.MappingNode {
		return nil
	}
	const prefix = "#/components/schemas/"
	index := make(map[string]int, len(schemas.Content)/2) // name -> its key's index, first written
	for i := len(schemas.Content) - 2; i >= 0; i -= 2 {
		index[schemas.Content[i].Value] = i
	}
	// next returns the component the component at i is a $ref to, and the
	// $ref's value node, or -1.
	next := func(i int) (int, *yaml.Node) {
		r := MapValue(schemas.Content[i+1], "$ref")
		if r == nil || r.Kind != yaml.ScalarNode || !strings.HasPrefix(r.Value, prefix) {
			return -1, nil
		}
		j, ok := index[strings.TrimPrefix(r.Value, prefix)]
		if !ok {
			return -1, nil
		}
		return j, r
	}
	const (
		unseen = iota
		onWalk
		done
	)
	state := make([]uint8, len(schemas.Content))
	for i := 0; i+1 < len(schemas.Content); i += 2 {
		var walk []int
		j := i
		for j >= 0 && state[j] == unseen {
			state[j] = onWalk
			walk = append(walk, j)
			j, _ = next(j)
		}
		if j >= 0 && state[j] == onWalk {
			// A loop, from the first of its members met: name it from there.
			start := slices.Index(walk, j)
			chain := make([]string, 0, len(walk)-start+1)
			for _, k := range walk[start:] {
				chain = append(chain, schemas.Content[k].Value)
			}
			chain = append(chain, schemas.Content[j].Value)
			_, at := next(walk[len(walk)-1])
			return &Error{File: path, Line: at.Line, Col: at.Column, Msg: "circular $ref: " + strings.Join(chain, " -> ") + " names no schema"}
		}
		for _, k := range walk {
			state[k] = done
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

// Pos returns the position of a schema: its file, relative to the current
// directory where that is shorter, and line and column.
func (s *Spec) Pos(sch *Schema) (file string, line, col int) {
	file = s.File
	if sch == nil || sch.Node == nil {
		return file, 0, 0
	}
	if sch.File != "" && sch.File != s.absFile {
		file = relativeTo(s.File, s.dir, sch.File)
	}
	return file, sch.Node.Line, sch.Node.Column
}

// NodePos returns the position of a YAML node: its file (the root
// document's path as given, or another's named as Pos names it), line and
// column.
func (s *Spec) NodePos(n *yaml.Node) (file string, line, col int) {
	if n == nil {
		return s.File, 0, 0
	}
	if abs, ok := s.nodeFile[n]; ok {
		return relativeTo(s.File, s.dir, abs), n.Line, n.Column
	}
	return s.File, n.Line, n.Column
}

// relativeTo names the file at abs for messages: beside or under the root
// document (given as root, in the directory dir), by the root's path as
// given joined with the way there; otherwise relative to the working
// directory when it is under it, or absolute.
func relativeTo(root, dir, abs string) string {
	if rel, err := filepath.Rel(dir, abs); err == nil && filepath.IsLocal(rel) {
		return filepath.Join(filepath.Dir(root), rel)
	}
	if wd, err := os.Getwd(); err == nil {
		if rel, err := filepath.Rel(wd, abs); err == nil && !strings.HasPrefix(rel, "..") {
			return rel
		}
	}
	return abs
}

// parseTree parses a document's text, JSON or YAML, into a YAML tree.
func parseTree(data []byte) (*yaml.Node, error) {
	if n, ok := parseJSONTree(data); ok {
		return n, nil
	}
	var root yaml.Node
	if err := yaml.Unmarshal(data, &root); err != nil {
		return nil, err
	}
	return &root, nil
}
